/// What a stubbed response carries as its body.
///
/// JSON is given as text, the way a Lua table or a WireMock `jsonBody` arrives; it is checked when the stub is
/// added and sent with `Content-Type: application/json` unless the stub sets its own.
public enum ResponseBody: Sendable, Hashable {
    /// No body.
    case empty
    /// These bytes, as they are.
    case bytes([UInt8])
    /// This text, UTF-8 encoded.
    case text(String)
    /// This JSON text.
    case json(String)
    /// The contents of a file, read on every request so a test can change it between calls. A relative path is
    /// resolved against the server's files directory (`__files` of a loaded mappings directory), or the current
    /// directory when there is none.
    case file(String)
    /// A body file whose name is a template (`files/{{request.pathSegments.[1]}}`), inside `directory`; the
    /// rendered name must stay inside it.
    case fileTemplate(name: String, directory: String)
}
