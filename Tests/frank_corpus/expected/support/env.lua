-- Ported by fscript port frank from support/env.rb; once edited, fscript port leaves it alone (generated content 1aa796bd).
require("fscript.frank_compat").install()

-- require 'frank-cucumber'  (Frank's helpers: fscript.frank_compat, above)

use_shelley_from_now_on()

-- Where Frank found the app it launched; fscript launches it itself.
-- APP_BUNDLE_PATH = File.expand_path('../../../build/Corpus.app', __FILE__)
APP_BUNDLE_PATH = os.getenv("APP_BUNDLE_PATH")

GREETING = os.getenv("CORPUS_GREETING") or "Hello"
