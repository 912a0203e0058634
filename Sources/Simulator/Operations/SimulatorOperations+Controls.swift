import Frankly
import HTTPCore
import JSON
import Platform

extension SimulatorOperations {
    /// Switches, sliders, progress bars and segmented controls.
    static let controls: [(OperationDescriptor, OperationHandler)] = [
        (OperationCatalog.isOn, { call in .bool(call.view.isOn) }),
        (OperationCatalog.setOn, setOn),
        (OperationCatalog.setOnAnimated, setOn),
        (OperationCatalog.isEnabled, { call in .bool(call.view.isEnabled) }),
        (OperationCatalog.progress, { call in .number(call.view.progress ?? 0) }),
        (OperationCatalog.value, { call in .number(call.view.value) }),
        (OperationCatalog.minimumValue, { call in .number(call.view.minimumValue) }),
        (OperationCatalog.maximumValue, { call in .number(call.view.maximumValue) }),
        (OperationCatalog.dragThumb, { call in
            try call.view.changeSlider(
                to: try CheckedNumber.finite(try call.number(0), "argument 1 of \(call.method)", in: -1e12...1e12))
            return .null
        }),
        (OperationCatalog.isSelected, { call in
            guard call.view.isKind(UIKitClass.segment), let control = call.view.parent else { return .bool(false) }
            return .bool(control.segments.firstIndex { $0 === call.view } == Int(control.value))
        }),
        (OperationCatalog.selectedSegmentIndex, { call in .integer(Int64(call.view.value)) }),
        (OperationCatalog.setSelectedSegmentIndex, { call in
            call.view.value = Double(try segmentIndex(call))
            return .null
        }),
        (OperationCatalog.numberOfSegments, { call in .integer(Int64(call.view.segments.count)) }),
        (OperationCatalog.titleForSegment, { call in
            string(call.view.segments[try segmentIndex(call)].accessibilityLabel)
        }),
    ]

    /// A switch takes any truthy value: `true`, 1, or a non-zero number.
    private static func setOn(_ call: OperationCall) -> JSONValue {
        call.view.isOn = call.arguments[0].franklyBool ?? (call.arguments[0].doubleValue.map { $0 != 0 } ?? false)
        return .null
    }

    /// Argument 1 as one of the control's segment indices.
    private static func segmentIndex(_ call: OperationCall) throws -> Int {
        try CheckedNumber.whole(
            call.arguments[0].doubleValue ?? .nan, "the segment index", in: 0...max(call.view.segments.count - 1, 0))
    }
}
