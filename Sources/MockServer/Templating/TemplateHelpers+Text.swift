import Foundation
import HTTPCore

extension TemplateHelpers {
    /// Strings: case, trimming, size, encodings, regular expressions, joining.
    static let text: [String: Helper] = [
        "upper": { call throws(TemplateError) in .string(try call.textOrBody().uppercased()) },
        "lower": { call throws(TemplateError) in .string(try call.textOrBody().lowercased()) },
        "capitalize": { call throws(TemplateError) in
            let words = try call.textOrBody().split(separator: " ", omittingEmptySubsequences: false)
            return .string(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
        },
        "trim": { call throws(TemplateError) in
            .string(try call.textOrBody().trimmingCharacters(in: .whitespacesAndNewlines))
        },
        "replace": { call throws(TemplateError) in
            let text = try call.parameter(0, "a string").rendered
            let target = try call.parameter(1, "the text to replace").rendered
            let replacement = try call.parameter(2, "the replacement").rendered
            guard !target.isEmpty else { return .string(text) }
            // The size of the result is known before it is made: over the output limit, fail without making it
            // (nested replaces peaked at 702 MB for a 10^8-character result).
            let count = text.components(separatedBy: target).count - 1
            let size = text.utf8.count + count * (replacement.utf8.count - target.utf8.count)
            guard size <= TemplateRenderer.maximumOutput else {
                throw TemplateError("replace: the result would be \(size) bytes, over the \(TemplateRenderer.maximumOutput >> 20) MiB a response may have", fatal: true)
            }
            try call.renderer.charge(size)
            return .string(text.replacingOccurrences(of: target, with: replacement))
        },
        "defaultIfEmpty": { call throws(TemplateError) in
            let value = try call.parameter(0, "a value")
            return value.isTruthy ? value : try call.parameter(1, "the default")
        },
        "size": { call throws(TemplateError) in
            let value = try call.parameter(0, "a string, list or object")
            switch value {
            case .array(let items): return .integer(Int64(items.count))
            case .values(let items): return .integer(Int64(items.count))
            case .object(let members): return .integer(Int64(members.count))
            case .null: return .integer(0)
            default: return .integer(Int64(value.rendered.count))
            }
        },
        "base64": { call throws(TemplateError) in
            let text = try call.textOrBody()
            if call.options["decode"]?.isTruthy == true {
                var encoded = text.trimmingCharacters(in: .whitespacesAndNewlines)
                while encoded.count % 4 != 0 { encoded += "=" }
                guard let data = Data(base64Encoded: encoded) else { throw call.fail("not valid base64: \(encoded.prefix(40))") }
                return .string(String(decoding: data, as: UTF8.self))
            }
            var encoded = Data(text.utf8).base64EncodedString()
            if call.options["padding"] == .bool(false) { encoded = String(encoded.reversed().drop { $0 == "=" }.reversed()) }
            return .string(encoded)
        },
        "urlEncode": { call throws(TemplateError) in
            let text = try call.textOrBody()
            if call.options["decode"]?.isTruthy == true {
                return .string(text.replacingOccurrences(of: "+", with: " ").percentDecoded ?? text)
            }
            // As java.net.URLEncoder: letters, digits and .-*_ stay, space becomes +, the rest %XX.
            var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
            allowed.insert(charactersIn: ".-*_ ")
            let encoded = text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
            return .string(encoded.replacingOccurrences(of: " ", with: "+"))
        },
        "regexExtract": { call throws(TemplateError) in
            let text = try call.parameter(0, "a string").rendered
            let pattern = try call.parameter(1, "a regular expression").rendered
            let regex: NSRegularExpression
            do { regex = try NSRegularExpression(pattern: pattern) } catch {
                throw call.fail("'\(pattern)' is not a valid regular expression")
            }
            let match: NSTextCheckingResult
            switch regex.firstMatch(in: text, budget: RegexBudget.seconds) {
            case .match(let found): match = found
            case .overBudget:
                throw call.fail("'\(pattern)' took longer than \(RegexBudget.seconds) s on this text and was stopped "
                    + "(a pattern that backtracks without end, such as (a+)+b?)")
            case .none:
                if let fallback = call.options["default"] { return fallback }
                throw call.fail("nothing in the input matches \(pattern)")
            }
            func group(_ index: Int) -> String {
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
            guard call.parameters.count > 2 else { return .string(group(0)) }
            let groups = match.numberOfRanges > 1 ? (1..<match.numberOfRanges).map { TemplateValue.string(group($0)) } : [.string(group(0))]
            call.renderer.variables[call.parameters[2].rendered] = .array(groups)
            return .null
        },
        "arrayJoin": { call throws(TemplateError) in
            let separator = try call.parameter(0, "a separator").rendered
            var items: [TemplateValue] = []
            for value in call.parameters.dropFirst() { items += value.items ?? [value] }
            let prefix = call.options["prefix"]?.rendered ?? ""
            let suffix = call.options["suffix"]?.rendered ?? ""
            if let block = call.block {
                var parts: [String] = []
                for item in items {
                    try call.renderer.step()
                    parts.append(try call.renderer.renderBody(block, context: item, parameters: [item]))
                }
                return .string(prefix + parts.joined(separator: separator) + suffix)
            }
            return .string(prefix + items.map(\.rendered).joined(separator: separator) + suffix)
        },
    ]
}
