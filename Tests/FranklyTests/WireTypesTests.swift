import Foundation
import Frankly
import JSON
import Testing

@Suite struct WireTypesTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func mapRequestAlwaysNamesTheShelleyEngine() throws {
        let request = MapRequest(
            query: "button marked:'OK'", operation: Operation(methodName: "touchx:y:", arguments: [10, 20.5]))
        #expect(
            try json(request)
                == #"{"operation":{"arguments":[10,20.5],"method_name":"touchx:y:"},"query":"button marked:'OK'","#
                + #""selector_engine":"shelley_compat"}"#)
    }

    @Test func mapRequestWithoutEngineMeansUIQuery() throws {
        let request = try decode(MapRequest.self, #"{"query":"view","operation":{"method_name":"tag"}}"#)
        #expect(request.selectorEngine == "uiquery")
        #expect(request.operation.arguments == [])
    }

    @Test func appExecAndKeyboardAndLocationBodies() throws {
        #expect(
            try json(AppExecRequest(operation: Operation(methodName: "resetData")))
                == #"{"operation":{"arguments":[],"method_name":"resetData"}}"#)
        #expect(try json(TypeIntoKeyboardRequest(textToType: "abc\n")) == #"{"text_to_type":"abc\n"}"#)
        let location = try decode(LocationRequest.self, #"{"latitude":51.5}"#)
        #expect(location == LocationRequest(latitude: 51.5, longitude: nil))
    }

    @Test func argumentCountComesFromTheColons() {
        #expect(Operation(methodName: "touchx:y:", arguments: [1, 2]).argumentCountError == nil)
        let error = Operation(methodName: "setText:", arguments: []).argumentCountError
        #expect(error?.reason == "encountered error while attempting to perform setText: on selected elements")
        #expect(error?.details == "setText: takes 1 argument but 0 were given")
    }

    @Test func errorsFillReasonAndDetails() {
        #expect(FranklyError.invalidSelector("column 1: x").envelope.reason == "invalid selector")
        #expect(FranklyError.invalidSelector("column 1: x").envelope.details == "column 1: x")
        let failed = FranklyError.operationFailed(method: "touch", details: "the view is hidden")
        #expect(failed.reason == "encountered error while attempting to perform touch on selected elements")
        #expect(FranklyError.unrecognizedOrientation("sideways").reason == "unrecognized orientation")
        #expect(FranklyError.nilLocation.reason == "nil location")
        for error in [FranklyError.keyboardNotPresent, .nilLocation, .unrecognizedOrientation("x"), failed] {
            #expect(!error.details.isEmpty)
        }
    }

    @Test func geometryHasFranklysShape() throws {
        #expect(
            try json(Rect(x: 0, y: 20.5, width: 320, height: 44))
                == #"{"origin":{"x":0,"y":20.5},"size":{"height":44,"width":320}}"#)
        #expect(Rect(x: 10, y: 10, width: 100, height: 40).center == Point(x: 60, y: 30))
    }

    @Test func orientationNamesAreCaseInsensitive() throws {
        #expect(Orientation(franklyName: "Landscape_Left") == .landscapeLeft)
        #expect(Orientation(franklyName: "sideways") == nil)
        #expect(
            try json(OrientationResponse(.portraitUpsideDown))
                == #"{"detailed_orientation":"portrait_upside_down","orientation":"portrait"}"#)
    }

    @Test func smallResponses() throws {
        #expect(try decode(DeviceResponse.self, #"{"device":"iphone","os_version":"17.0"}"#).osVersion == "17.0")
        #expect(try decode(ResolutionResponse.self, #"{"width":750,"height":1334,"scale":2}"#).scale == 2)
        #expect(try decode(VersionResponse.self, #"{"version":"1.2"}"#).version == "1.2")
    }

    /// What a server writes (`json`, the simulator's answers) is what the client reads back, and the same text its
    /// `Codable` side writes: one shape for both ends of each bare answer.
    @Test func bareAnswersAreWrittenAsTheyAreRead() throws {
        let device = DeviceResponse(device: "iphone", osVersion: "6.1")
        #expect(device.json.jsonString == #"{"device":"iphone","os_version":"6.1"}"#)
        #expect(try decode(DeviceResponse.self, device.json.jsonString) == device)
        #expect(DeviceResponse(device: "mac", osVersion: nil).json.jsonString == #"{"device":"mac"}"#)
        // A web target's answer names its browser, and a client reads it back.
        let web = DeviceResponse(device: "unknown", osVersion: "156.0", browser: "chrome")
        #expect(web.json.jsonString == #"{"browser":"chrome","device":"unknown","os_version":"156.0"}"#)
        #expect(try decode(DeviceResponse.self, web.json.jsonString) == web)
        let orientation = OrientationResponse(.landscapeRight)
        #expect(orientation.json.jsonString == #"{"detailed_orientation":"landscape_right","orientation":"landscape"}"#)
        #expect(try decode(OrientationResponse.self, orientation.json.jsonString) == orientation)
        let resolution = ResolutionResponse(width: 750, height: 1334, scale: 2)
        #expect(resolution.json.jsonString == #"{"height":1334,"scale":2,"width":750}"#)
        #expect(try decode(ResolutionResponse.self, resolution.json.jsonString) == resolution)
        #expect(ResolutionResponse(width: 1242, height: 2688, scale: 2.5).json.jsonString
            == #"{"height":2688,"scale":2.5,"width":1242}"#)
        let version = VersionResponse(version: "fscript-simulator 1.0")
        #expect(version.json.jsonString == #"{"version":"fscript-simulator 1.0"}"#)
        #expect(try decode(VersionResponse.self, version.json.jsonString) == version)
        for (written, encoded) in [
            (device.json.jsonString, try json(device)), (orientation.json.jsonString, try json(orientation)),
            (version.json.jsonString, try json(version)),
        ] {
            #expect(written == encoded)
        }
    }

    @Test func idleResponseListsWhatIsBusy() throws {
        let text =
            #"{"idle":false,"busy":[{"kind":"animation","what":"UIActivityIndicatorView 'Loading'","#
            + #""remaining_ms":400},{"kind":"network","what":"POST /api/login"}]}"#
        let idle = try decode(IdleResponse.self, text)
        #expect(!idle.idle)
        #expect(
            idle.busy[0]
                == .init(kind: "animation", what: "UIActivityIndicatorView 'Loading'", remainingMilliseconds: 400))
        #expect(idle.busy[1].remainingMilliseconds == nil)
        #expect(try json(IdleResponse(busy: [])) == #"{"busy":[],"idle":true}"#)
    }
}
