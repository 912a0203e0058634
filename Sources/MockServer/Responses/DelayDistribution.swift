import Foundation
import Platform

/// A random delay added to each answer, as WireMock's `delayDistribution` gives one: realistic latency that varies
/// from request to request, so an app's spinners and timeouts meet more than one fixed wait.
public enum DelayDistribution: Sendable, Equatable {
    /// Log-normal around `median` seconds; `sigma` spreads it (WireMock's `{"type": "lognormal"}`).
    case lognormal(median: Double, sigma: Double)
    /// Evenly between `lower` and `upper` seconds (WireMock's `{"type": "uniform"}`).
    case uniform(lower: Double, upper: Double)

    /// One delay in seconds, never negative and never above a day.
    public func sample() -> Double {
        var generator = SystemRandomNumberGenerator()
        let value: Double
        switch self {
        case .lognormal(let median, let sigma):
            // Box–Muller: a standard normal from two uniforms; (0, 1] keeps the logarithm finite.
            let u1 = Double.random(in: Double.ulpOfOne...1, using: &generator)
            let u2 = Double.random(in: 0..<1, using: &generator)
            let normal = (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
            value = median * exp(sigma * normal)
        case .uniform(let lower, let upper):
            value = lower == upper ? lower : Double.random(in: lower...upper, using: &generator)
        }
        return min(max(value, 0), CheckedNumber.maximumSeconds)
    }
}
