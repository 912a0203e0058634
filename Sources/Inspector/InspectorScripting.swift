/// Where the inspector's actions run: a Lua session driving the target, so what a click does is exactly the line a
/// recording writes (`When 'I touch the button marked "Log In"'`), run the way a test would run it.
public protocol InspectorScripting: Sendable {
    /// Runs one chunk of Lua on the session, one at a time; nil when it succeeded, else the error as Lua gives it.
    func run(_ code: String) -> String?
    /// The step catalog's sentences, read from the session when it starts: what the recorded steps say.
    var sentences: StepSentences { get }
}
