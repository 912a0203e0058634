import Dispatch
import Inspector
import LuaKit

/// The inspector's actions as Lua lines on one session driving the target, run one at a time on its own thread.
final class LuaInspectorScripting: InspectorScripting, @unchecked Sendable {
    private let session: ScriptSession
    private let queue = DispatchQueue(label: "fscript.inspect.lua")

    init(target: String) {
        session = ScriptSession()
        _ = FrankModule.register(in: session.state, target: target, appPath: nil, settings: TargetSettings())
        session.installDSL()
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
