import LuaKit

extension AppObject {
    /// `app:set_location(latitude, longitude)`: moves the device's GPS position (`POST /location`), so Frank's
    /// `set_location(:latitude =>, :longitude =>)` ports. Degrees are checked here, where they enter, so a swapped
    /// pair fails in the script's line rather than as a target's error.
    static var locationMethods: [String: LuaClass<AppObject>.Method] {
        [
            "set_location": { app, args in
                let latitude = try args.number(1, in: -90...90, expected: "latitude in degrees")
                let longitude = try args.number(2, in: -180...180, expected: "longitude in degrees")
                try app.call("set_location") { try $0.setLocation(latitude: latitude, longitude: longitude) }
                return .none
            }
        ]
    }
}
