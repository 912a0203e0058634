import Foundation
import HTTPCore
import JSON
import Testing

@testable import MockServer

/// Response templating against a real mock over HTTP: WireMock's documented examples (docs "Response Templating")
/// give WireMock's documented output, the request model is what mapping authors write, and broken templates
/// fail where the stub is made.
@Suite struct ResponseTemplatingTests {
    /// A mock with one templated stub answering `method path` with `body` (and `extra` JSON members in response).
    private func serve(_ body: String, method: String = "ANY", path: String = "/t", extra: String = "") throws -> MockHarness {
        let root = try temporaryDirectory()
        let folder = root.appendingPathComponent("mappings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = JSONValue.string(body).jsonString
        let mapping = #"{"request": {"method": "\#(method)", "urlPathPattern": "\#(path)"}, "#
            + #""response": {"body": \#(json), "transformers": ["response-template"]\#(extra)}}"#
        try Data(mapping.utf8).write(to: folder.appendingPathComponent("m.json"))
        let harness = try MockHarness()
        _ = try harness.mock.load(directory: root.path)
        return harness
    }

    /// What the template renders for one request.
    private func render(
        _ template: String, target: String = "/t", method: String = "GET", headers: [(name: String, value: String)] = [],
        body: String = "", extra: String = ""
    ) throws -> String {
        let harness = try serve(template, path: "/.*", extra: extra)
        let answer = try harness.send(method, target, headers: headers, body: body)
        #expect(answer.status == 200, "\(answer.text)")
        return answer.text
    }

    // MARK: The request model

    @Test(arguments: [
        ("{{request.path.[0]}}", "/templated", "templated"),
        ("{{request.query.things}}", "/multi-query?things=1&things=2&things=3", "1"),
        ("{{request.query.things.0}}", "/multi-query?things=1&things=2&things=3", "1"),
        ("{{request.query.things.first}}", "/multi-query?things=1&things=2&things=3", "1"),
        ("{{request.query.things.1}}", "/multi-query?things=1&things=2&things=3", "2"),
        ("{{request.query.things.last}}", "/multi-query?things=1&things=2&things=3", "3"),
        ("{{request.query.things.[-1]}}", "/multi-query?things=1&things=2&things=3", "3"),
        ("{{lookup request.query 'ids[].1'}}", "/stuff?ids[]=111&ids[]=222&ids[]=333", "222"),
        ("{{size request.query.things}}", "/multi-query?things=1&things=2&things=3", "3"),
        ("{{request.pathSegments.[1]}} {{request.pathSegments.2}}", "/a/b%20c/d", "b c d"),
        ("{{request.path}}", "/a/b", "/a/b"),
        ("{{{request.url}}}", "/a/b?x=1&y=2", "/a/b?x=1&y=2"),
        ("{{request.method}} {{request.scheme}}", "/m", "GET http"),
    ])
    func requestModel(template: String, target: String, expected: String) throws {
        #expect(try render(template, target: target) == expected)
    }

    @Test func headersCookiesBodyHostAndPort() throws {
        let harness = try serve(
            "{{request.headers.X-Request-Id}}|{{request.headers.x-request-id}}|{{request.headers.[X-Many].1}}|"
                + "{{request.cookies.session}}|{{request.body}}|{{request.host}}|{{request.port}}|{{request.baseUrl}}",
            method: "POST")
        let answer = try harness.send(
            "POST", "/t",
            headers: [("X-Request-Id", "r-9"), ("X-Many", "a"), ("X-Many", "b"), ("Cookie", "theme=dark; session=s1")],
            body: "hello")
        #expect(answer.text == "r-9|r-9|b|s1|hello|127.0.0.1|\(harness.mock.port)|http://127.0.0.1:\(harness.mock.port)")
    }

    @Test func pathTemplateParametersByName() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"""
            {"request": {"urlPathTemplate": "/contacts/{contactId}/addresses/{addressId}"},
             "response": {"body": "{{request.path.contactId}}/{{request.path.addressId}} of {{request.path}}",
                          "headers": {"Location": "/c/{{request.path.contactId}}"}, "transformers": ["response-template"]}}
            """#.utf8).write(to: root.appendingPathComponent("mappings/m.json"))
        let harness = try MockHarness()
        _ = try harness.mock.load(directory: root.path)
        let answer = try harness.send("GET", "/contacts/12/addresses/99")
        #expect(answer.text == "12/99 of /contacts/12/addresses/99")
        #expect(answer.header("Location") == "/c/12")
    }

    @Test func transformerParametersAreParameters() throws {
        let text = try render(
            "<h1>The MyCustomParameter value is {{{parameters.MyCustomParameter}}}</h1>",
            extra: #", "transformerParameters": {"MyCustomParameter": "Parameter Value"}"#)
        #expect(text == "<h1>The MyCustomParameter value is Parameter Value</h1>")
    }

    /// Query names are grouped ignoring case, named as first sent, whether a request has a few or thousands of them
    /// (past a handful they are looked up, not compared with every one before).
    @Test func queryNamesGroupIgnoringCaseHoweverManyThereAre() throws {
        let few = try render("{{request.query.ID.1}} {{size request.query.id}} {{size request.query}}", target: "/t?id=1&Id=2&x=3")
        #expect(few == "2 2 2")
        let names = (0..<2_000).map { "n\($0)=\($0)" }.joined(separator: "&")
        let many = try render(
            "{{size request.query}} {{request.query.N1999}} {{request.query.n7.1}} {{#each request.query}}{{#if @first}}{{@key}}{{/if}}{{/each}}",
            target: "/t?N0=a&" + names + "&N7=b")
        #expect(many == "2000 1999 b N0")
    }

    /// WireMock 3 turned Handlebars' HTML escaping off: `{{…}}` writes a value as it is, the same as `{{{…}}}`.
    @Test func doubleBracesDoNotEscapeHTML() throws {
        let text = try render("{{request.query.q}} {{{request.query.q}}}", target: "/t?q=%3Cb%3E%26%27%22%3D")
        #expect(text == "<b>&'\"= <b>&'\"=")
    }

    // MARK: WireMock's documented helper examples

    @Test(arguments: [
        // val
        ("{{val request.query.search or='default'}}", "default"),
        ("{{val request.query.search default='default'}}", "default"),
        ("{{val 'value for myVar' assign='myVar'}}{{myVar}}", "value for myVar"),
        ("{{val null or='other value for myVar' assign='myVar'}}{{myVar}}", "other value for myVar"),
        ("{{val 10 assign='myVar'}}{{#lt myVar 20}}Less Than{{else}}More Than{{/lt}}", "Less Than"),
        // assign, capitalize
        ("{{#assign 'myCapitalisedQuery'}}{{capitalize 'hello there'}}{{/assign}}{{myCapitalisedQuery}}", "Hello There"),
        // toJson
        ("{{{toJson (array 1 2 3)}}}", "[ 1, 2, 3 ]"),
        // formatJson
        (#"{{#formatJson}}{"foo":true,"bar":{"baz":false}}{{/formatJson}}"#,
         "{\n  \"foo\" : true,\n  \"bar\" : {\n    \"baz\" : false\n  }\n}"),
        ("{{#formatJson format='compact'}}\n{\n    \"foo\" : true,\n    \"bar\" : {\n        \"baz\" : false\n    }\n}\n{{/formatJson}}",
         #"{"foo":true,"bar":{"baz":false}}"#),
        (#"{{{formatJson '{"foo":true,"bar":{"baz":false}}' format='compact'}}}"#, #"{"foo":true,"bar":{"baz":false}}"#),
        // parseJson
        // WireMock keeps the newline after the block (Handlebars.java has no standalone-line rule): "\ntransformed".
        ("{{#parseJson 'parsedObj'}}\n{\n  \"name\": \"transformed\"\n}\n{{/parseJson}}\n{{parsedObj.name}}", "\ntransformed"),
        // math
        ("{{math 1 '+' 2}} {{math 4 '-' 2}} {{math 2 '*' 3}} {{math 8 '/' 2}} {{math 10 '%' 3}}", "3 2 6 4 1"),
        ("{{math 1.5 '+' 1}} {{math 7 '/' 2}} {{math '3' 'x' '4'}}", "2.5 4 12"),
        // math at the edges of 64 bits: exact where it fits (no detour through Double), a decimal where it does
        // not, never a trap (these crashed the process)
        ("{{math 9223372036854775807 '/' 1}} {{math -7 '/' 2}} {{math 7 '/' -2}} {{math 9007199254740993 '/' 1}}",
         "9223372036854775807 -4 -4 9007199254740993"),
        ("{{math -9223372036854775808 '%' -1}}|{{math 9223372036854775807 '%' 2}}", "0|1"),
        ("{{math -9223372036854775808 '/' -1}}|{{math 9223372036854775807 '+' 1}}|{{math -9223372036854775808 '-' 1}}",
         "9.223372036854776E18|9.223372036854776E18|-9.223372036854776E18"),
        // range, array
        ("{{range 3 8}}", "[3, 4, 5, 6, 7, 8]"),
        ("{{range -2 2}}", "[-2, -1, 0, 1, 2]"),
        ("{{array 1 'two' true}}", "[1, two, true]"),
        ("{{array}}", "[]"),
        // arrayJoin
        ("{{arrayJoin ',' (array 'One' 'Two' 'Three')}}", "One,Two,Three"),
        ("{{arrayJoin ' - ' 'a' 'b' 'c'}}", "a - b - c"),
        ("{{arrayJoin ', ' (range 1 5)}}", "1, 2, 3, 4, 5"),
        ("{{arrayJoin '' (array 'W' 'i' 'r' 'e' 'M' 'o' 'c' 'k' ' ' 'R' 'o' 'c' 'k' 's')}}", "WireMock Rocks"),
        ("{{arrayJoin ',' (array 'One' 'Two' 'Three') prefix='[' suffix=']'}}", "[One,Two,Three]"),
        ("{{arrayJoin ' * ' (array 1 2 3) prefix='(' suffix=')'}}", "(1 * 2 * 3)"),
        // contains, matches
        ("{{#if (contains 'abcde' 'abc')}}YES{{/if}}", "YES"),
        ("{{#if (contains (array 'a' 'b' 'c') 'a')}}YES{{/if}}", "YES"),
        ("{{#contains 'abcde' 'abc'}}YES{{/contains}}", "YES"),
        ("{{#contains (array 'a' 'b' 'c') 'a'}}YES{{/contains}}", "YES"),
        ("{{#if (matches '123' '[0-9]+')}}YES{{/if}}", "YES"),
        ("{{#matches '123' '[0-9]+'}}YES{{/matches}}", "YES"),
        ("{{#matches 'abc' '[0-9]+'}}YES{{else}}NO{{/matches}}", "NO"),
        // trim, size, upper, lower
        ("{{#trim}}\n\n    Some stuff with whitespace\n\n{{/trim}}", "Some stuff with whitespace"),
        ("{{size 'abcde'}}", "5"),
        ("{{upper 'abc'}} {{lower 'ABC'}}", "ABC abc"),
        // base64, urlEncode
        ("{{{base64 'Content to encode'}}}", "Q29udGVudCB0byBlbmNvZGU="),
        ("{{base64 'Content to encode'}}", "Q29udGVudCB0byBlbmNvZGU="),
        ("{{base64 'Content to encode' padding=false}}", "Q29udGVudCB0byBlbmNvZGU"),
        ("{{#base64 decode=true}}\nQ29udGVudCB0byBkZWNvZGUK\n{{/base64}}", "Content to decode\n"),
        ("{{urlEncode 'a b&c'}}", "a+b%26c"),
        ("{{urlEncode 'Content%20to%20decode' decode=true}}", "Content to decode"),
        // regexExtract
        ("{{regexExtract 'abc' '[0-9]+' default='my default value'}}", "my default value"),
        // conditions, each, with, unless, else if
        ("{{#each (array 'a' 'b') as |item index|}}{{index}}={{item}}{{#unless @last}},{{/unless}}{{/each}}", "0=a,1=b"),
        ("{{#each (parseJson '{\"x\":1,\"y\":2}')}}{{@key}}:{{this}} {{/each}}", "x:1 y:2 "),
        ("{{#with (parseJson '{\"name\":\"n\"}')}}{{name}}{{/with}}", "n"),
        ("{{#if false}}a{{else if (eq 1 1)}}b{{else}}c{{/if}}", "b"),
        ("{{#if false}}a{{ else }}b{{/if}} {{#unless true}}x{{^}}y{{/unless}}", "b y"),
        ("{{#eq 'x' 'y'}}same{{else}}different{{/eq}} {{#gt 3 2}}more{{/gt}}", "different more"),
        ("{{#and true (not false)}}both{{/and}} {{#or false 0}}one{{else}}neither{{/or}}", "both neither"),
        // comments, whitespace control, escaped braces
        ("a {{! a comment }}b {{!-- {{another}} --}}c", "a b c"),
        ("x  {{~'y'~}}  z", "xyz"),
        ("\\{{request.path}}", "{{request.path}}"),
    ])
    func documentedHelperExamples(template: String, expected: String) throws {
        #expect(try render(template) == expected)
    }

    @Test func jsonPathExamples() throws {
        let body = #"{"outer": {"inner": "Stuff"}, "names": ["a", "b"], "items": [{"id": 1}, {"id": 2}]}"#
        let text = try render(
            "{{jsonPath request.body '$.outer.inner'}}|{{jsonPath request.body '$.size' default='M'}}|"
                + "{{{jsonPath request.body '$.outer'}}}|{{jsonPath request.body '$.items[1].id'}}|"
                + "{{jsonPath request.body '$.items[*].id'}}|{{size (jsonPath request.body '$.names')}}|"
                + "{{#each (jsonPath request.body '$.items') as |item|}}<{{item.id}}>{{/each}}|"
                + "{{parseJson request.body 'bodyJson'}}{{bodyJson.outer.inner}}|{{lookup (parseJson request.body) 'names'}}",
            method: "POST", body: body)
        #expect(text == "Stuff|M|{\n  \"inner\" : \"Stuff\"\n}|2|[1, 2]|2|<1><2>|Stuff|[a, b]")
    }

    @Test func regexExtractGroupsIntoAVariable() throws {
        let text = try render(
            "{{regexExtract request.body '[A-Z]+'}} {{regexExtract request.body '([a-z]+)-([A-Z]+)-([0-9]+)' 'parts'}}"
                + "{{parts.0}},{{parts.1}},{{parts.2}}",
            method: "POST", body: "abc-DEF-123")
        #expect(text == "DEF abc,DEF,123")
    }

    @Test func nowWithFormatOffsetAndTimezone() throws {
        let before = Date()
        let text = try render(
            "{{now}}|{{now offset='10 years' format='yyyy-MM-dd'}}|{{now format='epoch'}}|{{now offset='2 years' format='unix'}}|"
                + "{{now timezone='Australia/Sydney' format='Z'}}|{{now offset='-24 seconds' format='epoch'}}")
        let after = Date()
        let parts = text.split(separator: "|").map(String.init)
        #expect(parts.count == 6, "\(text)")
        let iso = ISO8601DateFormatter()
        let now = try #require(iso.date(from: parts[0]), "\(parts[0])")
        #expect(now.timeIntervalSince(before) > -1 && now.timeIntervalSince(after) < 1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let tenYears = calendar.date(byAdding: .year, value: 10, to: before)!
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd"
        day.timeZone = calendar.timeZone
        #expect(parts[1] == day.string(from: tenYears))
        let epoch = try #require(Double(parts[2])) / 1000
        #expect(epoch >= before.timeIntervalSince1970 - 0.001 && epoch <= after.timeIntervalSince1970)
        let unix = try #require(Double(parts[3]))
        // Bracketed by the moments before and after the request, however long a busy machine took to answer.
        let twoYears = { calendar.date(byAdding: .year, value: 2, to: $0)!.timeIntervalSince1970 }
        #expect(unix >= twoYears(before).rounded(.down) && unix <= twoYears(after).rounded(.up), "\(unix)")
        #expect(["+1000", "+1100"].contains(parts[4]), "\(parts[4])")
        #expect(abs(try #require(Double(parts[5])) / 1000 - (epoch - 24)) < 0.01)
    }

    @Test func randomValuesHaveTheShapeAskedFor() throws {
        let text = try render(
            "{{randomValue length=33 type='ALPHANUMERIC'}}|{{randomValue length=12 type='ALPHANUMERIC' uppercase=true}}|"
                + "{{randomValue length=10 type='NUMERIC'}}|{{randomValue type='UUID'}}|"
                + "{{randomValue length=32 type='HEXADECIMAL' uppercase=true}}|{{randomInt lower=5 upper=9}}|"
                + "{{randomDecimal lower=-10.1 upper=-0.9}}|{{pickRandom '1' '2' '3'}}|{{size (pickRandom 1 2 3 4 5 count=3)}}|"
                + "{{#each (range 0 (randomInt lower=1 upper=10)) as |index|}}id: {{index}} {{/each}}")
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 10, "\(text)")
        #expect(parts[0].count == 33 && parts[0].allSatisfy { $0.isLowercase || $0.isNumber })
        #expect(parts[1].count == 12 && parts[1].allSatisfy { $0.isUppercase || $0.isNumber })
        #expect(parts[2].count == 10 && parts[2].allSatisfy(\.isNumber))
        #expect(UUID(uuidString: parts[3]) != nil && parts[3] == parts[3].lowercased())
        #expect(parts[4].count == 32 && parts[4].allSatisfy { "0123456789ABCDEF".contains($0) })
        #expect((5...9).contains(try #require(Int(parts[5]))))
        #expect((-10.1 ... -0.9).contains(try #require(Double(parts[6]))))
        #expect(["1", "2", "3"].contains(parts[7]))
        #expect(parts[8] == "3")
        // range 0 N holds N + 1 numbers, and randomInt's upper bound is included: 2 to 11 ids.
        #expect(parts[9].hasPrefix("id: 0 ") && (2...11).contains(parts[9].components(separatedBy: "id:").count - 1))
        let again = try render("{{randomValue length=33 type='ALPHANUMERIC'}}")
        #expect(again != parts[0], "random values differ between requests")
    }

    // MARK: Where templating applies

    @Test func globalTemplatingRendersStubsWithoutTheTransformer() throws {
        let mock = try MockServer.start(globalTemplating: true)
        defer { mock.stop() }
        try mock.stub(.init(method: "GET", url: .path("/g")), .text("{{request.path}} {{request.query.a}}"))
        let client = HTTPClient(reuseConnections: false)
        defer { client.shutdown() }
        #expect(try client.send(.init(url: mock.url + "/g?a=1")).bodyText == "/g 1")
        let plain = try MockHarness()
        try plain.mock.stub(.init(method: "GET", url: .path("/g")), .text("{{request.path}}"))
        #expect(try plain.send("GET", "/g").text == "{{request.path}}", "off unless asked for")
    }

    @Test func bodyFilesAreTemplatesAndTheirNamesToo() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("__files/files"), withIntermediateDirectories: true)
        try Data("file for {{request.path}}".utf8).write(to: root.appendingPathComponent("__files/files/one.txt"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("outside.txt"))
        try Data(#"""
            {"mappings": [
              {"request": {"urlPathPattern": "/static/.*"},
               "response": {"bodyFileName": "files/{{request.pathSegments.[1]}}", "transformers": ["response-template"]}},
              {"request": {"urlPath": "/raw"},
               "response": {"bodyFileName": "files/one.txt", "transformers": ["response-template"],
                            "transformerParameters": {"disableBodyFileTemplating": true}}}]}
            """#.utf8).write(to: root.appendingPathComponent("mappings/m.json"))
        let harness = try MockHarness()
        _ = try harness.mock.load(directory: root.path)
        #expect(try harness.send("GET", "/static/one.txt").text == "file for /static/one.txt")
        #expect(try harness.send("GET", "/raw").text == "file for {{request.path}}")
        let escape = try harness.send("GET", "/static/..%2F..%2Foutside.txt")
        #expect(escape.status == 500)
        #expect(!escape.text.contains("secret"))
        #expect(try harness.send("GET", "/static/none.txt").text.contains("no file files/none.txt"))
    }

    @Test func aTemplatedBodyFileNameNeedsTemplating() throws {
        let root = try temporaryDirectory()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("mappings"), withIntermediateDirectories: true)
        try Data(#"{"request": {"urlPath": "/x"}, "response": {"bodyFileName": "{{request.path}}"}}"#.utf8)
            .write(to: root.appendingPathComponent("mappings/m.json"))
        let harness = try MockHarness()
        let error = errorText { _ = try harness.mock.load(directory: root.path) }
        #expect(error.contains("body file name {{request.path}} is not a valid template: it has {{…}} but the stub does not use the response-template transformer"), "\(error)")
    }

    // MARK: Mistakes

    @Test(arguments: [
        ("line 1\n  {{#each request.query.a}}\n{{/if}}", "template line 3, column 1: {{/if}} does not close {{#each}} (opened at line 2, column 3)"),
        ("{{#if request.path}}open", "template line 1, column 1: {{#if}} is never closed with {{/if}}"),
        ("x {{frobnicate 1}}", "template line 1, column 3: unknown helper 'frobnicate' (fscript's helpers: and, array,"),
        ("{{jsonPath request.body '$.a}}", "template line 1, column 1: tag is never closed with }}"),
        ("{{> partial}}", "partials ({{> name}}) are not supported"),
        ("{{request..path}}", "empty segment in path 'request..path'"),
        ("{{else}}", "{{else}} outside a block"),
    ])
    func brokenTemplatesFailAtLoadWithLineAndColumn(template: String, message: String) throws {
        let error = errorText { _ = try serve(template) }
        #expect(error.contains("mappings/m.json: response: the body is not a valid template: template line "), "\(error)")
        #expect(error.contains(message), "\(error)")
    }

    /// As in WireMock: the regular-expression, JSONPath and XPath helpers show a mistake as `[ERROR: …]` where it
    /// stood and the rest still renders; JSONPath on text that is not JSON renders nothing.
    @Test func patternHelperMistakesShowInPlace() throws {
        let text = try render(
            "a {{jsonPath request.body '$.x'}} b {{regexExtract 'abc' '['}} c {{jsonPath '{}' '$.[['}} d",
            method: "POST", body: "not json")
        #expect(text.hasPrefix("a  b [ERROR: regexExtract: "), "\(text)")
        #expect(text.contains("] c [ERROR: jsonPath: $.[[ is not a valid JSONPath expression"), "\(text)")
        #expect(text.hasSuffix("] d"))
    }

    /// As in WireMock: every other helper used wrongly fails the whole answer with a 500 that says why, so a test
    /// never passes on a body with an error message inside it.
    @Test(arguments: [
        ("a {{math 1 '^' 2}} b", "math: ^ is not a valid mathematical operator"),
        ("{{now offset='3 fortnights'}}", "now: offset unit must be"),
        ("x {{#if true}}{{randomInt lower='x'}}{{/if}}", "randomInt: "),
        ("{{parseJson 'nope'}}", "parseJson: "),
    ])
    func otherHelperMistakesAnswer500(template: String, message: String) throws {
        let answer = try serve(template).send("GET", "/t")
        #expect(answer.status == 500, "\(answer.text)")
        #expect(answer.text.contains("the response template failed: template line 1, column "), "\(answer.text)")
        #expect(answer.text.contains(message), "\(answer.text)")
    }

    /// A template is data from a file or the admin API: its work and output are bounded, and the answer says so.
    /// The bound counts steps, not seconds, so the client waits as long as a debug build on a busy machine needs to
    /// take them (a few seconds when idle); what is checked is the refusal.
    @Test func runawayTemplatesAreStopped() throws {
        let harness = try serve("{{#each (range 0 9999)}}{{#each (range 0 9999)}}{{/each}}{{/each}}")
        let answer = try harness.send("GET", "/t", timeout: .seconds(120))
        #expect(answer.status == 500)
        #expect(answer.text.contains("the template did more than 2000000 steps of work"), "\(answer.text)")
        let tooMany = try serve("{{range 1 100000}}").send("GET", "/t")
        #expect(tooMany.status == 500)
        #expect(tooMany.text.contains("range: makes at most 10000 numbers, asked for 100000"), "\(tooMany.text)")
        let nested = String(repeating: "{{#if true}}", count: 70) + String(repeating: "{{/if}}", count: 70)
        #expect(errorText { _ = try serve(nested) }.contains("blocks nest deeper than 64"))
    }

    /// One slow request never stalls the others: while a runaway template works (seconds, until its step budget
    /// stops it), the admin API's health check and another stub are answered. Order is checked, not time.
    @Test func aSlowRequestDoesNotStallTheOthers() throws {
        let harness = try serve("{{#each (range 0 9999)}}{{#each (range 0 9999)}}{{/each}}{{/each}}", path: "/slow")
        try harness.mock.stub(.init(method: "GET", url: .path("/fast")), .text("fast"))
        let done = ManagedAtomicFlag()
        let slow = harness.start("GET", "/slow", timeout: .seconds(120))
        slow.whenComplete { _ in done.set() }
        // Several connections, so some land on the event loop the slow request arrived on; what counts is that
        // the first ones are answered while it still works (the test suite may run beside other heavy tests).
        var answeredWhileSlow = 0
        for _ in 0..<6 {
            let health = try harness.send("GET", "/__admin/health")
            let fast = try harness.send("GET", "/fast")
            #expect(health.status == 200 && fast.text == "fast")
            if !done.isSet { answeredWhileSlow += 1 }
        }
        #expect(answeredWhileSlow >= 2, "only \(answeredWhileSlow) answered while the slow request worked")
        #expect(try slow.wait().status == 500)
    }

    /// A regular expression from a template or a mapping runs under a time budget: `(a+)+b` on sixty `a`s and a
    /// `!` took 41.5 s and held its thread; `(\\w+\\s?)*` as a body pattern 2.5 s a request. Both now give up
    /// quickly and say so (the template) or count as no match (the stub).
    @Test func runawayRegularExpressionsAreStopped() throws {
        let harness = try serve("{{regexExtract request.body '(a+)+b'}}")
        let answer = try harness.send("POST", "/t", body: String(repeating: "a", count: 60) + "!", timeout: .seconds(30))
        #expect(answer.text.contains("took longer than 0.25 s on this text and was stopped"), "\(answer.text)")
        let stubbed = try MockHarness()
        try stubbed.mock.stub(
            .init(method: "POST", url: .path("/body"), bodyPatterns: [try .matches(#"(\w+\s?)*$x"#)]), .text("matched"))
        let miss = try stubbed.send("POST", "/body", body: String(repeating: "word ", count: 40) + "!", timeout: .seconds(30))
        #expect(miss.status == 404)
    }

    /// Memory and work a request controls are bounded before they are spent: a replace whose result would pass
    /// the output limit fails without making it (nested replaces peaked at 702 MB), and helpers are charged by
    /// the bytes they take and give (10,000 randomValues of 10,000 characters took 10 s; 10,000 parses of a
    /// large body 157 s).
    @Test func helpersAreChargedForTheirSize() throws {
        let blowUp = try serve(
            "{{size (replace (replace (replace request.body 'a' request.body) 'a' request.body) 'a' request.body)}}")
        let answer = try blowUp.send("POST", "/t", body: String(repeating: "a", count: 300), timeout: .seconds(120))
        #expect(answer.status == 500)
        #expect(answer.text.contains("replace: the result would be"), "\(answer.text)")
        let random = try serve("{{#each (range 1 10000)}}{{size (randomValue length=10000)}}{{/each}}")
        let work = try random.send("GET", "/t", timeout: .seconds(120))
        #expect(work.status == 500)
        #expect(work.text.contains("the template's helpers handled more than 64 MiB"), "\(work.text)")
    }
}

/// A flag one thread sets and another reads.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
