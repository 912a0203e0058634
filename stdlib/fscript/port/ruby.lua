---Kept so suites ported before the runtime moved to `fscript.frank_compat.ruby` still load.
return require("fscript.frank_compat.ruby")
