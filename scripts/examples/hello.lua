print("hello from fscript", _VERSION)
