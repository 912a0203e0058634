import Dispatch
import Inspector
import LuaKit

/// The inspector's actions as Lua lines on one session driving the target, run one at a time on its own thread.
final class LuaInspectorScripting: InspectorScripting, @unchecked Sendable {
    private let session: ScriptSession
    private let queue = DispatchQueue(label: "fscript.inspect.lua")
    let sentences: StepSentences

    init(target: String) {
        session = ScriptSession()
        _ = FrankModule.register(in: session.state, target: target, appPath: nil, settings: TargetSettings())
        session.installDSL()
        sentences = Self.readSentences(from: session.state)
    }

    /// The step catalog's `sentences` table: the inspector words its steps with the catalog's own. A stdlib that
    /// cannot give it leaves the table empty, and the inspector records `app:` calls instead of steps.
    static func readSentences(from state: LuaState) -> StepSentences {
        let code = #"return require("fscript.catalog.frank").sentences"#
        guard case .table(let table)? = try? state.execute(code, name: "=(inspect)").first else {
            return StepSentences([:])
        }
        return StepSentences(table.stringFields.compactMapValues { value in
            if case .string(let text) = value { return text }
            return nil
        })
    }

    func run(_ code: String) -> String? {
        queue.sync {
            do {
                _ = try session.state.execute(code, name: "=(inspect)")
                return nil
            } catch let error as LuaError {
                return error.message
            } catch {
                return "\(error)"
            }
        }
    }
}
