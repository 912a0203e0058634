extension OperationCatalog {
    /// Switches, sliders, progress bars and segmented controls.
    public static let controls: [OperationDescriptor] = [
        isOn, setOn, setOnAnimated, isEnabled, progress, value, minimumValue, maximumValue, dragThumb, isSelected,
        selectedSegmentIndex, setSelectedSegmentIndex, numberOfSegments, titleForSegment,
    ]

    /// Whether a switch is on.
    public static let isOn = OperationDescriptor(
        "isOn", effect: .reads, result: .bool, receivers: ["UISwitch"], luaName: "is_on")
    /// Turns a switch on or off.
    public static let setOn = OperationDescriptor(
        "setOn:", ["on"], effect: .acts, result: .void, receivers: ["UISwitch"], luaName: "set_on")
    /// Turns a switch on or off; the simulator does not animate, so `animated` is ignored.
    public static let setOnAnimated = OperationDescriptor(
        "setOn:animated:", ["on", "animated"], effect: .acts, result: .void, receivers: ["UISwitch"],
        luaName: "set_on_animated")
    /// Whether a control (or a label) is enabled.
    public static let isEnabled = OperationDescriptor(
        "isEnabled", effect: .reads, result: .bool, receivers: ["UIControl", "UILabel"], luaName: "is_enabled")
    /// A progress bar's progress, 0…1.
    public static let progress = OperationDescriptor(
        "progress", effect: .reads, result: .number, receivers: ["UIProgressView"], luaName: "progress")
    /// A slider's value.
    public static let value = OperationDescriptor(
        "value", effect: .reads, result: .number, receivers: ["UISlider"], luaName: "value")
    /// A slider's lower bound.
    public static let minimumValue = OperationDescriptor(
        "minimumValue", effect: .reads, result: .number, receivers: ["UISlider"], luaName: "minimum_value")
    /// A slider's upper bound.
    public static let maximumValue = OperationDescriptor(
        "maximumValue", effect: .reads, result: .number, receivers: ["UISlider"], luaName: "maximum_value")
    /// Moves a slider's thumb to a value, as a drag would (clamped, then the change handler runs).
    public static let dragThumb = OperationDescriptor(
        "FEX_dragThumbToValue:", ["value"], effect: .acts, result: .void, receivers: ["UISlider"],
        luaName: "drag_thumb_to_value")
    /// Whether a segment is the selected one of its control; false for any other view.
    public static let isSelected = OperationDescriptor(
        "isSelected", effect: .reads, result: .bool, luaName: "is_selected")
    /// The selected segment, from 0.
    public static let selectedSegmentIndex = OperationDescriptor(
        "selectedSegmentIndex", effect: .reads, result: .integer, receivers: ["UISegmentedControl"],
        luaName: "selected_segment_index")
    /// Selects a segment, from 0.
    public static let setSelectedSegmentIndex = OperationDescriptor(
        "setSelectedSegmentIndex:", ["index"], effect: .acts, result: .void, receivers: ["UISegmentedControl"],
        luaName: "set_selected_segment_index")
    /// How many segments the control has.
    public static let numberOfSegments = OperationDescriptor(
        "numberOfSegments", effect: .reads, result: .integer, receivers: ["UISegmentedControl"],
        luaName: "number_of_segments")
    /// A segment's title, from 0.
    public static let titleForSegment = OperationDescriptor(
        "titleForSegmentAtIndex:", ["index"], effect: .reads, result: .string, receivers: ["UISegmentedControl"],
        luaName: "title_for_segment")
}
