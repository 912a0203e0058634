import Foundation
import HTTPCore

/// The parsed templates of one response that has templating on: its text or JSON body, its headers, and a body
/// file name with `{{…}}` in it. Parsed when the stub is added, so a broken template fails there.
struct ResponseTemplates: Sendable {
    var body: Template?
    /// One per header, nil where the value has no `{{`.
    var headers: [Template?]
    var fileName: Template?
    /// The members of `request` these templates read (`Template.requestFields`); all of them for a body file,
    /// which is read and parsed per request.
    var requestMembers: [RequestTemplateModel.Member]

    init(_ response: ResponseDefinition) throws(MockServerError) {
        func parse(_ text: String, _ role: String) throws(MockServerError) -> Template? {
            guard Template.isTemplate(text) else { return nil }
            do { return try Template(parsing: text) } catch { throw .invalidTemplate(role: role, reason: error.description) }
        }
        switch response.body {
        case .text(let text), .json(let text): body = try parse(text, "body")
        default: body = nil
        }
        var headers: [Template?] = []
        for header in response.headers { headers.append(try parse(header.value, "header \(header.name)")) }
        self.headers = headers
        if case .fileTemplate(let name, _) = response.body {
            fileName = try parse(name, "body file name")
        } else {
            fileName = nil
        }
        var fields: Set<String>? = []
        switch response.body {
        case .file, .fileTemplate:
            fields = nil
        case .empty, .bytes, .text, .json:
            for template in [body, fileName] + headers {
                guard let template else { continue }
                guard let read = template.requestFields, let known = fields else {
                    fields = nil
                    break
                }
                fields = known.union(read)
            }
        }
        requestMembers = RequestTemplateModel.members(reading: fields)
    }
}

extension ResponseDefinition {
    /// The response with its templates rendered against this request.
    func renderTemplates(
        _ templates: ResponseTemplates, request: HTTPRequest, pathParameters: [String: String], filesDirectory: String?
    ) -> HTTPResponse {
        let model = RequestTemplateModel.make(
            request, pathParameters: pathParameters, parameters: templateParameters, members: templates.requestMembers)
        let now = Date()
        do throws(TemplateError) {
            var headers = self.headers
            for (index, template) in templates.headers.enumerated() {
                if let template { headers[index].value = try template.render(model, now: now) }
            }
            let bytes: [UInt8]
            switch body {
            case .empty: bytes = []
            case .bytes(let raw): bytes = raw
            case .text(let text), .json(let text):
                bytes = Array((try templates.body?.render(model, now: now) ?? text).utf8)
                if case .json = body, !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                    headers.append((name: "Content-Type", value: "application/json"))
                }
            case .file(let path):
                switch BodyFile.read(Self.resolve(path, in: filesDirectory)) {
                case .success(let data): bytes = try renderFile(data, model: model, now: now)
                case .failure(let failure): return BodyFile.failure(failure)
                }
            case .fileTemplate(let name, let directory):
                let rendered = try templates.fileName?.render(model, now: now) ?? name
                let path: String
                do { path = try WireMockMapping.bodyFile(rendered, in: directory, at: "bodyFileName") } catch {
                    return .text("mock: body file \(rendered) (from \(name)): \(error.message)\n", status: 500)
                }
                switch BodyFile.read(path) {
                case .success(let data): bytes = try renderFile(data, model: model, now: now)
                case .failure(let failure): return BodyFile.failure(failure)
                }
            }
            return HTTPResponse(status: status, headers: headers, body: bytes)
        } catch {
            // WireMock 3's answer to a template that fails: a 500 whose plain-text body is `[ERROR] ` and why.
            return .text("[ERROR] the response template failed: \(error)", status: 500)
        }
    }

    /// A body file is a template too, unless the stub says `disableBodyFileTemplating`.
    private func renderFile(_ data: [UInt8], model: TemplateValue, now: Date) throws(TemplateError) -> [UInt8] {
        guard templatesBodyFile else { return data }
        let text = String(decoding: data, as: UTF8.self)
        guard Template.isTemplate(text) else { return data }
        return Array(try Template(parsing: text).render(model, now: now).utf8)
    }
}
