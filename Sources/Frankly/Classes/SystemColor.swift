/// The colours UIKit gives its controls, in one table: the simulator dresses its views with them and the
/// wireframe paints a dump with them, so the two agree (iOS's tint blue was spelled in five places).
public struct SystemColor: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// iOS's tint: buttons, back buttons, alert buttons, a segmented control, a slider's track.
    public static let tint = SystemColor(red: 0, green: 0.48, blue: 1)
    /// A table's separators and a text field's border.
    public static let separator = SystemColor(red: 0.78, green: 0.78, blue: 0.8)
    /// A switch that is on.
    public static let switchOn = SystemColor(red: 0.2, green: 0.78, blue: 0.35)
    /// Behind an alert or an action sheet: the screen dimmed.
    public static let dimming = SystemColor(red: 0, green: 0, blue: 0, alpha: 0.4)
    /// An alert's and an action sheet's own background.
    public static let alertBackground = SystemColor(red: 0.97, green: 0.97, blue: 0.97)
}
