import Frankly
import JSON

extension WebApp {
    /// What has the keyboard: a text input, text area or editable element with focus (through shadow roots and
    /// same-origin frames), or nil.
    private static let focusedEditable = """
        var e = document.activeElement;
        while (e) {
          if (e.shadowRoot && e.shadowRoot.activeElement) { e = e.shadowRoot.activeElement; continue; }
          if (e.tagName === 'IFRAME') { try { e = e.contentDocument.activeElement; continue; } catch (x) { break; } }
          break;
        }
        if (!e) return null;
        var t = (e.getAttribute('type') || 'text').toLowerCase();
        var text = e.tagName === 'TEXTAREA' || e.isContentEditable ||
          (e.tagName === 'INPUT' && ['text','email','password','search','tel','url','number','date','time'].indexOf(t) >= 0);
        return text ? (e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')) : null;
        """

    /// `POST /type_into_keyboard`: types into the focused text input as key presses (`\n` Enter, `\b` Backspace);
    /// `keyboard not present` when no text input has focus, as on a phone.
    public func typeIntoKeyboard(_ text: String) throws {
        guard try session.execute(Self.focusedEditable) != .null else { throw FranklyError.keyboardNotPresent }
        try session.perform(InputActions.type(text))
    }

    /// Presses a key (a W3C key name, one character, or a chord like `Control+a`) on whatever has focus.
    public func press(_ key: String) throws {
        switch KeyNames.values(of: key) {
        case .success(let values): try session.perform(InputActions.press(values))
        case .failure(let error): throw FranklyError.invalidArguments(error.description)
        }
    }

    /// `POST /app_exec`: calls `window[name](…arguments)` in the page and returns its JSON result (a promise is
    /// awaited).
    public func appExec(_ name: String, arguments: [JSONValue]) throws -> JSONValue {
        let script = """
            var name = arguments[0], args = arguments[1], done = arguments[arguments.length - 1];
            var fn = window[name];
            if (typeof fn !== 'function') { done({missing: true}); return; }
            try {
              Promise.resolve(fn.apply(window, args)).then(
                function (v) { done({value: v === undefined ? null : v}); },
                function (e) { done({error: String(e && e.message || e)}); });
            } catch (e) { done({error: String(e && e.message || e)}); }
            """
        let answer = try session.executeAsync(script, [.string(name), .array(arguments)])
        if answer["missing"] == .bool(true) {
            throw FranklyError.operationFailed(
                method: name, details: "the page has no function window.\(name) (define it in the page's scripts)")
        }
        if let error = answer["error"]?.stringValue {
            throw FranklyError.operationFailed(method: name, details: "window.\(name) threw: \(error)")
        }
        return answer["value"] ?? .null
    }

    /// A PNG of the viewport.
    public func screenshot() throws -> [UInt8] {
        try session.screenshot()
    }
}
