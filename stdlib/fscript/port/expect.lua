---Kept so suites ported before the runtime moved to `fscript.frank_compat.expect` still load.
return require("fscript.frank_compat.expect")
