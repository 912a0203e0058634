/// A template that does not parse, or a helper used wrongly, with where it is in the template.
struct TemplateError: Error, Sendable, CustomStringConvertible {
    var message: String
    var location: Template.Location?
    /// A limit was reached (output size, work): the whole render fails instead of showing `[ERROR: …]` in place.
    var isFatal = false

    init(_ message: String, at location: Template.Location? = nil, fatal: Bool = false) {
        self.message = message
        self.location = location
        self.isFatal = fatal
    }

    var description: String {
        guard let location else { return message }
        return "template \(location): \(message)"
    }
}
