// LuaKit
