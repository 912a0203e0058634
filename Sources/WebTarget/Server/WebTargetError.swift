/// The web target could not start, or lost its browser: an infrastructure error (exit 2), said in one sentence
/// with what to do.
public struct WebTargetError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
