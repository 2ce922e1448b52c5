/// Keeps a series of any length in at most `capacity` buckets, each the mean of a run of
/// consecutive values: when the buckets are full, neighbours merge in pairs and each bucket
/// takes twice as many values from then on. A sparkline of a million rows costs `capacity`
/// numbers of memory.
///
/// A bucket keeps its mean, not its sum: the sum of two values near 1.8e308 is infinite,
/// while a mean of finite values is always finite.
///
///     var sampler = SparklineSampler(capacity: 4)
///     (1...8).forEach { sampler.add(Double($0)) }
///     sampler.means   // [1.5, 3.5, 5.5, 7.5]
struct SparklineSampler {
    private let capacity: Int
    private var buckets: [(mean: Double, count: Int)] = []
    private var pending: (mean: Double, count: Int) = (0, 0)
    private var valuesPerBucket = 1
    private(set) var count = 0
    private(set) var minimum = Double.infinity
    private(set) var maximum = -Double.infinity
    private(set) var last: Double?

    init(capacity: Int) {
        // Buckets merge in pairs, so there is an even number of them.
        self.capacity = max(2, capacity - capacity % 2)
    }

    mutating func add(_ value: Double) {
        count += 1
        minimum = min(minimum, value)
        maximum = max(maximum, value)
        last = value
        pending = Self.merged(pending, (value, 1))
        guard pending.count == valuesPerBucket else { return }
        if buckets.count == capacity {
            // Full: neighbours merge, and the bucket just completed is half of a new-sized one.
            buckets = stride(from: 0, to: buckets.count, by: 2).map { index in
                Self.merged(buckets[index], buckets[index + 1])
            }
            valuesPerBucket *= 2
            return
        }
        buckets.append(pending)
        pending = (0, 0)
    }

    /// The mean of each bucket, in order, the last one possibly partial (so there may be
    /// one more than `capacity`).
    var means: [Double] {
        let all = pending.count > 0 ? buckets + [pending] : buckets
        return all.map(\.mean)
    }

    /// The mean of two runs, weighted by their counts, without a sum that could overflow:
    /// a mean lies between the two, so rounding past either (to infinity near 1.8e308) is
    /// brought back.
    private static func merged(_ first: (mean: Double, count: Int), _ second: (mean: Double, count: Int))
        -> (mean: Double, count: Int) {
        let count = first.count + second.count
        let firstShare = Double(first.count) / Double(count)
        let mean = first.mean * firstShare + second.mean * (1 - firstShare)
        let low = min(first.mean, second.mean), high = max(first.mean, second.mean)
        return (min(max(mean, low), high), count)
    }
}
