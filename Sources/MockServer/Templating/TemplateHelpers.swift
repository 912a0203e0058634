/// The helpers response templates can call: Handlebars' own (`if`, `each`, `with`, `lookup`, `unless`), the
/// conditions and string helpers WireMock registers from Handlebars.java, and WireMock's (`jsonPath`, `now`,
/// `randomValue`, `math`, …), written for fscript with WireMock's documented behaviour.
enum TemplateHelpers {
    typealias Helper = @Sendable (HelperCall) throws(TemplateError) -> TemplateValue

    static let all: [String: Helper] = logic
        .merging(text) { first, _ in first }
        .merging(data) { first, _ in first }
        .merging(random) { first, _ in first }
        .merging(time) { first, _ in first }

    /// The names, for the parser: a name that is not here is an unknown helper, reported when the stub is made.
    static let names = Set(all.keys)
}
