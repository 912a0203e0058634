import Frankly

/// One button of an alert: its title and what it does after the alert is dismissed.
struct AlertButton {
    var title: String
    var behaviour: Behaviour?
}

extension SimulatedApp {
    /// Shows an alert over everything: a dimming view covering the window (so nothing behind can be touched)
    /// holding a `UIAlertView` with its title, message and buttons side by side.
    func showAlert(title: String?, message: String?, buttons: [AlertButton]) {
        dismissAlert()
        let buttons = buttons.isEmpty ? [AlertButton(title: "OK", behaviour: nil)] : buttons
        let overlay = makeView(className: "_UIDimmingView", frame: device.bounds)
        overlay.backgroundColor = Color(.dimming)
        let width = 270.0
        let messageLines = Double(((message ?? "").count + 33) / 34)
        let height = 20 + 24 + messageLines * 20 + 20 + 44
        let alert = makeView(className: "UIAlertView", frame: Rect(x: 0, y: 0, width: width, height: height))
        alert.title = title
        alert.message = message
        alert.accessibilityLabelValue = title
        alert.backgroundColor = Color(.alertBackground)
        var y = 20.0
        if let title {
            let label = makeView(className: "UILabel", frame: Rect(x: 16, y: y, width: width - 32, height: 24))
            label.text = title
            label.textAlignment = 1
            alert.addChild(label)
        }
        y += 24
        if let message {
            let label = makeView(className: "UILabel", frame: Rect(x: 16, y: y, width: width - 32, height: messageLines * 20))
            label.text = message
            label.fontSize = 13
            label.textAlignment = 1
            alert.addChild(label)
        }
        let buttonWidth = width / Double(buttons.count)
        for (index, spec) in buttons.enumerated() {
            alert.addChild(
                alertButton(spec, frame: Rect(x: Double(index) * buttonWidth, y: height - 44, width: buttonWidth, height: 44)))
        }
        overlay.addChild(alert)
        alertOverlay = overlay
        focusedField = nil
        layoutWindow()
    }

    /// Removes the alert, if any.
    func dismissAlert() {
        guard alertOverlay != nil else { return }
        alertOverlay = nil
        layoutWindow()
    }

    /// Shows an action sheet over everything: a `UIActionSheet` at the bottom of a dimmed window, its title on
    /// top and one full-width button per choice, stacked, as iOS 6 draws them (Frank's pop-over menus).
    func showActionSheet(title: String?, buttons: [AlertButton]) {
        dismissAlert()
        let overlay = makeView(className: "_UIDimmingView", frame: device.bounds)
        overlay.backgroundColor = Color(.dimming)
        let width = device.bounds.width
        let titleHeight = title == nil ? 0.0 : 36.0
        let height = 10 + titleHeight + Double(buttons.count) * 52 + 10
        let sheet = makeView(className: "UIActionSheet", frame: Rect(x: 0, y: 0, width: width, height: height))
        sheet.title = title
        sheet.accessibilityLabelValue = title
        sheet.backgroundColor = Color(.alertBackground)
        if let title {
            let label = makeView(className: "UILabel", frame: Rect(x: 16, y: 10, width: width - 32, height: 28))
            label.text = title
            label.fontSize = 13
            label.textAlignment = 1
            sheet.addChild(label)
        }
        for (index, spec) in buttons.enumerated() {
            let button = alertButton(
                spec, frame: Rect(x: 16, y: 10 + titleHeight + Double(index) * 52, width: width - 32, height: 44))
            button.tag = index + 1
            sheet.addChild(button)
        }
        overlay.addChild(sheet)
        alertOverlay = overlay
        focusedField = nil
        layoutWindow()
    }

    /// The alert view (or action sheet) on screen, if any.
    var alertView: SimView? { alertOverlay?.children.first }

    /// A button of an alert or an action sheet: its title in the tint, and what a touch does.
    private func alertButton(_ spec: AlertButton, frame: Rect) -> SimView {
        let button = makeView(className: "UIAlertButton", frame: frame)
        button.title = spec.title
        button.textColor = Color(.tint)
        if let behaviour = spec.behaviour { button.behaviours["touch"] = behaviour }
        return button
    }
}
