import Foundation
import Testing

@testable import MockServer

/// The XML matchers where the differential harness cannot look: a body with a DTD is refused before anything in
/// it is read (so an external entity never reaches the file system), parse errors say where, and a stub's bad
/// document or expression is refused with the field's path.
@Suite struct XMLMatchingTests {
    @Test func externalEntityIsNeverRead() throws {
        let secret = try temporaryDirectory().appendingPathComponent("secret.txt")
        try Data("top-secret".utf8).write(to: secret)
        let body = #"<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file://\#(secret.path)">]><a>&e;</a>"#
        guard case .failure(let failure) = XMLTree.parse(Array(body.utf8)) else {
            Issue.record("a document with a DTD was accepted")
            return
        }
        #expect(failure.description.contains("DTD"))
        let comparison = XMLComparison(placeholders: nil, exempted: [])
        let pattern = XMLPattern(expected: "<a>top-secret</a>", comparison: comparison)
        #expect(!pattern.accepts(Array(body.utf8)))
        let xpath = XPathPattern(expression: "/a", namespaces: [:], matcher: .value(.contains("secret")))
        #expect(!xpath.accepts(Array(body.utf8)))
    }

    @Test func entityExpansionBombIsRefused() {
        var body = #"<!DOCTYPE a [<!ENTITY l0 "lol">"#
        for level in 1...9 {
            body += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        body += "]><a>&l9;</a>"
        guard case .failure = XMLTree.parse(Array(body.utf8)) else {
            Issue.record("an entity bomb was accepted")
            return
        }
    }

    @Test func malformedXMLSaysWhere() {
        guard case .failure(let failure) = XMLTree.parse(Array("<a>\n<b></a>".utf8)) else {
            Issue.record("malformed XML was accepted")
            return
        }
        #expect(failure.description.contains("line 2"), "\(failure)")
        guard case .failure(let empty) = XMLTree.parse([]) else {
            Issue.record("an empty body was taken for XML")
            return
        }
        #expect(empty.description.contains("empty"))
    }

    @Test func stubWithBadXMLOrXPathIsRefusedAtItsField() throws {
        let badXML = errorText {
            _ = try WireMockMapping.bodyPattern(
                .object(["equalToXml": .string("<a><b></a>")]), at: "/request/bodyPatterns/0")
        }
        #expect(badXML.contains("/request/bodyPatterns/0.equalToXml"), "\(badXML)")
        #expect(badXML.contains("not well-formed XML"), "\(badXML)")
        let badXPath = errorText {
            _ = try WireMockMapping.bodyPattern(
                .object(["matchesXPath": .object(["expression": .string("//a[["), "equalTo": .string("1")])]),
                at: "/request/bodyPatterns/0")
        }
        #expect(badXPath.contains("/request/bodyPatterns/0.matchesXPath.expression"), "\(badXPath)")
        let badExemption = errorText {
            _ = try WireMockMapping.bodyPattern(
                .object(["equalToXml": .string("<a/>"), "exemptedComparisons": .array([.string("TEXT")])]),
                at: "/b")
        }
        #expect(badExemption.contains("/b.exemptedComparisons[0]"), "\(badExemption)")
    }

    @Test func placeholdersWithCustomDelimiters() throws {
        let comparison = XMLComparison(placeholders: XMLPlaceholders(opening: "#\\{", closing: "\\}"), exempted: [])
        let pattern = XMLPattern(
            expected: "<a><id>#{xmlunit.ignore}</id><n>#{xmlunit.isNumber}</n></a>",
            comparison: comparison)
        #expect(pattern.accepts(Array("<a><id>x</id><n>4</n></a>".utf8)))
        #expect(!pattern.accepts(Array("<a><id>x</id><n>four</n></a>".utf8)))
        #expect(!pattern.accepts(Array("<a><id>x</id></a>".utf8)))
    }

    @Test func missingLibxml2SaysWhatToInstall() {
        guard case .failure(let failure) = XMLLibrary.open("libxml2-that-is-not-there.so.9") else {
            Issue.record("a missing library opened")
            return
        }
        #expect(failure.description.contains("libxml2-that-is-not-there.so.9"), "\(failure)")
        #expect(failure.description.contains("apt-get install libxml2"), "\(failure)")
    }
}
