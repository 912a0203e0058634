/// The UIKit class hierarchy fscript knows, so `button` finds a `UIButton` and `view` finds everything: the
/// simulator's views use it, and so does a dump read back as a tree (`DumpView`), where only the class name is
/// sent.
///
/// Each entry names a class's superclass. A class the table does not know (an app's own `MyBadgeView`) is
/// treated as a direct subclass of UIView, which is what an app-defined view nearly always is.
public enum UIKitClasses {
    /// Each known class's superclass, from the descriptors in `UIKitClass`.
    public static let superclasses: [String: String] = Dictionary(
        UIKitClass.all.map { ($0.name, $0.superclass) }, uniquingKeysWith: { first, _ in first })

    /// The class and its ancestors, nearest first, ending with NSObject.
    public static func chain(of className: String, appClasses: [String: String] = [:]) -> [String] {
        var chain = [className]
        var current = className
        while current != "NSObject" && chain.count < 32 {
            let next = appClasses[current] ?? superclasses[current] ?? "UIView"
            chain.append(next)
            current = next
        }
        return chain
    }

    /// True when `className` is `ancestor` or inherits from it.
    public static func isKind(_ className: String, of ancestor: String) -> Bool {
        if className == ancestor { return true }
        if superclasses[ancestor] == nil && ancestor != "NSObject" && ancestor != "UIView" {
            // An unknown ancestor can only match itself.
            return false
        }
        return chain(of: className).contains(ancestor)
    }
}
