require 'frank-cucumber'

Frank::Cucumber::FrankHelper.use_shelley_from_now_on

# Where Frank found the app it launched; fscript launches it itself.
APP_BUNDLE_PATH = File.expand_path('../../../build/Corpus.app', __FILE__)
GREETING = ENV['CORPUS_GREETING'] || 'Hello'
