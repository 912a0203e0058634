/// A Lua value that cannot be what the app file's API expects (a function where data was expected, a list
/// where a table of sections was).
struct ConversionError: Error, CustomStringConvertible {
    var description: String
}
