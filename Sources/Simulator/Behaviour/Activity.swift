import Foundation
import Frankly
import HTTPCore
import JSON
import NIOCore

/// A backend call as app code describes it: where it goes, what it carries, and a fake answer for when the
/// launch environment names no backend.
struct BackendRequest {
    var method: String
    /// The base URL from the environment (`env.BACKEND_URL`), or nil to use `fake`.
    var baseURL: String?
    var path: String
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    /// The built-in fake backend: request table in, `{status, json | body}` out.
    var fake: ExecMethod?
    /// How long the fake backend takes to answer, in seconds.
    var fakeDelay = 0.3
    var timeoutSeconds = 10.0
}

extension SimulatedApp {
    /// Starts an animation of `duration` seconds; `isAnimating` is true until its deadline, computed from the
    /// clock when read, and `then` runs on the app loop when it ends.
    func animate(view: SimView?, what: String?, duration: Double, then: Behaviour?) {
        let id = nextActivityID
        nextActivityID += 1
        let deadline = NIODeadline.now() + .nanoseconds(Int64(max(duration, 0) * 1e9))
        let name = what ?? view?.summary ?? "animation"
        animations.append(TimedAnimation(id: id, view: view, what: name, deadline: deadline))
        loop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
            guard let self else { return }
            self.animations.removeAll { $0.id == id }
            if let then { self.runInBackground(then, view: view, arguments: []) }
            self.changes?.bump()
        }
    }

    /// True while a timed animation on this view has not reached its deadline.
    func hasTimedAnimation(on view: SimView) -> Bool {
        let now = NIODeadline.now()
        return animations.contains { $0.view === view && $0.deadline > now }
    }

    /// Runs a behaviour later on the app loop: the app's own delay, not a sleep.
    func after(seconds: Double, view: SimView?, _ behaviour: Behaviour) {
        loop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(max(seconds, 0) * 1e9))) { [weak self] in
            self?.runInBackground(behaviour, view: view, arguments: [])
            self?.changes?.bump()
        }
    }

    /// Sends a backend request and runs `onResponse` with `{status, body, json, error}` once the answer is back
    /// on the app loop. While it is out it shows on `/idle` as `network`.
    func send(_ request: BackendRequest, view: SimView?, onResponse: Behaviour?) {
        let id = nextActivityID
        nextActivityID += 1
        requests.append(InFlightRequest(id: id, what: "\(request.method) \(request.path)"))
        let finish: (JSONValue) -> Void = { [weak self] response in
            guard let self else { return }
            self.requests.removeAll { $0.id == id }
            if let onResponse { self.runInBackground(onResponse, view: view, arguments: [response]) }
            self.changes?.bump()
        }
        guard let baseURL = request.baseURL else {
            let answer: JSONValue
            if let fake = request.fake {
                let requestTable = Self.requestTable(request)
                do {
                    answer = Self.normalise(try fake.run([requestTable]))
                } catch {
                    answer = .object(["status": .integer(0), "error": .string("\(error)")])
                }
            } else {
                answer = .object(["status": .integer(0), "error": .string("no backend URL and no fake for \(request.path)")])
            }
            loop.assumeIsolated().scheduleTask(in: .nanoseconds(Int64(max(request.fakeDelay, 0) * 1e9))) {
                finish(answer)
            }
            return
        }
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let clientRequest = HTTPClientRequest(
            method: request.method, url: base + request.path, headers: request.headers, body: request.body)
        httpClient.execute(clientRequest, timeout: .nanoseconds(Int64(request.timeoutSeconds * 1e9)))
            .hop(to: loop)
            .assumeIsolated()
            .whenComplete { result in
                switch result {
                case .success(let response):
                    let json = (try? JSONValue(parsing: response.body)) ?? .null
                    finish(.object([
                        "status": .integer(Int64(response.status)), "body": .string(response.bodyText), "json": json,
                    ]))
                case .failure(let error):
                    finish(.object(["status": .integer(0), "error": .string("\(error)")]))
                }
            }
    }

    private static func requestTable(_ request: BackendRequest) -> JSONValue {
        var members: [String: JSONValue] = [
            "method": .string(request.method), "path": .string(request.path),
            "body": .string(String(decoding: request.body, as: UTF8.self)),
        ]
        if let json = try? JSONValue(parsing: request.body) { members["json"] = json }
        return .object(members)
    }

    /// A fake's answer gets the same shape as a real one: a status (200 by default), `json`, and `body` text.
    private static func normalise(_ answer: JSONValue) -> JSONValue {
        guard case .object(var members) = answer else { return .object(["status": .integer(200), "json": answer]) }
        if members["status"] == nil { members["status"] = .integer(200) }
        if let json = members["json"], members["body"] == nil { members["body"] = .string(json.jsonString) }
        if members["json"] == nil, let body = members["body"]?.stringValue {
            members["json"] = (try? JSONValue(parsing: Array(body.utf8))) ?? .null
        }
        return .object(members)
    }

    /// Runs a behaviour nobody waits for; its error is kept for `/idle` and printed, never thrown.
    func runInBackground(_ behaviour: Behaviour, view: SimView?, arguments: [JSONValue]) {
        guard !hasExited else { return }
        do {
            try behaviour.run(view, arguments)
        } catch {
            let message = "\(behaviour.name): \(error)"
            backgroundErrors.append(message)
            FileHandle.standardError.write(Data("simulator: \(message)\n".utf8))
        }
    }

    /// What keeps the app from being idle: timed animations with the time they have left, spinning indicators
    /// on screen, and backend calls in flight.
    var busy: [BusyActivity] {
        let now = NIODeadline.now()
        animations.removeAll { $0.deadline <= now }
        var list = animations.map {
            BusyActivity(
                kind: .animation, what: $0.what,
                remainingMilliseconds: Int(($0.deadline - now).nanoseconds / 1_000_000))
        }
        for view in windows.flatMap(\.descendants) where view.animatesIndefinitely && view.isVisible {
            list.append(BusyActivity(kind: .animation, what: view.summary, remainingMilliseconds: nil))
        }
        list += requests.map { BusyActivity(kind: .network, what: $0.what, remainingMilliseconds: nil) }
        return list
    }
}
