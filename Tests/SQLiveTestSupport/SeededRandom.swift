import Foundation

/// A random number generator that replays the same numbers from the same seed (SplitMix64),
/// so a soak or crash run that fails can be run again exactly: the tests print the seed.
///
///     var random = SeededRandom(seed: 42)
///     Int.random(in: 1...6, using: &random)   // the same number on every run
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// The seed named by an environment variable (to replay a failure), else a new one.
    public static func seed(from variable: String) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment[variable], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 1...999_999)
    }

    /// A positive count from an environment variable (the long runs by hand), else `fallback`.
    public static func count(from variable: String, fallback: Int) -> Int {
        if let text = ProcessInfo.processInfo.environment[variable], let count = Int(text), count > 0 {
            return count
        }
        return fallback
    }
}

extension SeededRandom {
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with the given probability.
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }

    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(in: 0...(choices.count - 1))]
    }
}
