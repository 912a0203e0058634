/// Reads the fields of one object of outside data by name and type, then refuses every key it was not asked for.
///
/// Use it for anything a person writes by hand: a WireMock mapping, an admin API body, a Lua option table, a
/// project file. A key nobody reads is an error, with the nearest known key suggested, because a silently
/// ignored key (`caseInsensitve`) makes a stub match more than its author meant, and that shows up much later as
/// a baffling test. Every error names the field by its path.
///
/// Read an object with `FieldReader.read(value, at:)`, which checks the leftover keys when the closure returns,
/// so no caller can forget to.
public final class FieldReader<Source: FieldSource> {
    /// Where the object is: `mappings[0].request`, or empty for the whole document.
    public let path: String
    /// The object being read.
    public let source: Source
    /// Every key the caller asked about, present or not, in the order asked: the keys that are allowed here.
    public private(set) var known: [String] = []

    /// A reader for `source` at `path`. Prefer `read(_:at:_:)`, which also checks the leftover keys.
    public init(_ source: Source, at path: String) {
        self.source = source
        self.path = path
    }

    /// Reads `value`, which must be an object, with `body`, then refuses the keys `body` did not ask about.
    public static func read<T>(
        _ value: Source.Value, at path: String, _ body: (FieldReader) throws(FieldError) -> T
    ) throws(FieldError) -> T {
        guard let object = Source.object(value) else {
            throw FieldError(path, Source.mismatch(expected: .object, got: value))
        }
        let reader = FieldReader(object, at: path)
        let result = try body(reader)
        try reader.finish()
        return result
    }

    /// The path of the field `key` of this object.
    public func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// An error at the field `key`, or at this object when `key` is nil.
    public func fail(_ key: String?, _ message: String) -> FieldError {
        FieldError(key.map(path(of:)) ?? path, message)
    }

    /// Allows the keys without reading them (they are read some other way, or ignored on purpose).
    public func allow(_ keys: [String]) {
        for key in keys where !known.contains(key) { known.append(key) }
    }

    /// The raw value of `key`, or nil; the key is allowed.
    public func value(_ key: String) -> Source.Value? {
        allow([key])
        return source.field(key)
    }

    /// Whether `key` is present; the key is allowed.
    public func has(_ key: String) -> Bool {
        value(key) != nil
    }

    /// Every field, sorted by name, all allowed: for maps whose keys are names (headers, query parameters).
    public func entries() -> [(key: String, value: Source.Value)] {
        let names = source.fieldNames.sorted()
        allow(names)
        return names.compactMap { name in source.field(name).map { (key: name, value: $0) } }
    }

    /// The one key of `keys` that is present, or nil when none is; more than one is an error, because the
    /// alternatives (url and urlPath, equalTo and contains) mean different things and one would be dropped.
    public func oneOf(_ keys: [String]) throws(FieldError) -> String? {
        let present = keys.filter(has)
        if present.count > 1 {
            throw fail(present[1], "only one of \(keys.joined(separator: ", ")) may be given")
        }
        return present.first
    }

    /// Refuses the first key (in sorted order) that nobody asked about, suggesting the nearest known one.
    public func finish() throws(FieldError) {
        if let entry = source.unnamedEntry { throw fail(nil, entry) }
        for key in source.fieldNames.sorted() where !known.contains(key) {
            let nearest = EditDistance.nearest(to: key, among: known, ignoringCase: true)
            throw FieldError(path(of: key), .unknownKey(key, nearest: nearest, known: known))
        }
    }
}
