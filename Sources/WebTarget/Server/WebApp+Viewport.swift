import Frankly

/// The room the page gets: the viewport a run asks for, and the phone sizes of `set_orientation`.
///
/// WebDriver sizes the window, bars included, while the page, its media queries and fscript's dump see the
/// viewport: headless Chromium's window of 390×844 gives a viewport of 390×701. So every size here is the
/// viewport's, and the window is made larger by what the browser's own bars take, measured once a session.
extension WebApp {
    /// The phone sizes `set_orientation` gives the viewport, portrait; landscape swaps them.
    static let phoneSize = (width: 390, height: 844)

    /// Resizes the window so the viewport is a phone's portrait or landscape size.
    public func setOrientation(_ name: String) throws {
        guard let parsed = Orientation(franklyName: name) else { throw FranklyError.unrecognizedOrientation(name) }
        let landscape = parsed.coarseName == "landscape"
        let size = landscape ? (Self.phoneSize.height, Self.phoneSize.width) : (Self.phoneSize.width, Self.phoneSize.height)
        if !configuration.sizesViewport && windowBeforeRotation == nil {
            windowBeforeRotation = try session.windowSize()
        }
        try sizeViewport(width: size.0, height: size.1)
        windowResized = true
        orientation = parsed
    }

    /// Before a launch: the viewport at the run's size once a session (fscript's own Chromium), and back to
    /// it, or to the window a remote browser had, after `set_orientation` (a fresh app starts as the run opened
    /// it, not as the last scenario turned it).
    func restoreWindow() throws {
        if configuration.sizesViewport {
            guard windowResized || !viewportSized else { return }
            try sizeViewport(width: configuration.windowSize.width, height: configuration.windowSize.height)
            viewportSized = true
        } else if windowResized, let window = windowBeforeRotation {
            try session.setWindowSize(width: window.width, height: window.height)
        }
        windowResized = false
    }

    /// Sizes the window so that `window.innerWidth` × `innerHeight` is `width` × `height`.
    private func sizeViewport(width: Int, height: Int) throws {
        let extra = try windowExtra ?? measureWindowExtra()
        windowExtra = extra
        try session.setWindowSize(width: width + extra.width, height: height + extra.height)
    }

    /// The window's size minus the viewport's, as the browser shows any page (about:blank included).
    private func measureWindowExtra() throws -> (width: Int, height: Int) {
        let window = try session.windowSize()
        let viewport = try viewportSize()
        return (max(0, window.width - viewport.width), max(0, window.height - viewport.height))
    }
}
