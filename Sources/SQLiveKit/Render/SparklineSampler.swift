/// Keeps a series of any length in at most `capacity` buckets, each the mean of a run of
/// consecutive values: when the buckets are full, neighbours merge in pairs and each bucket
/// takes twice as many values from then on. A sparkline of a million rows costs `capacity`
/// numbers of memory.
///
///     var sampler = SparklineSampler(capacity: 4)
///     (1...8).forEach { sampler.add(Double($0)) }
///     sampler.means   // [1.5, 3.5, 5.5, 7.5]
struct SparklineSampler {
    private let capacity: Int
    private var buckets: [(sum: Double, count: Int)] = []
    private var pending: (sum: Double, count: Int) = (0, 0)
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
        pending.sum += value
        pending.count += 1
        guard pending.count == valuesPerBucket else { return }
        if buckets.count == capacity {
            // Full: neighbours merge, and the bucket just completed is half of a new-sized one.
            buckets = stride(from: 0, to: buckets.count, by: 2).map { index -> (sum: Double, count: Int) in
                let first = buckets[index], second = buckets[index + 1]
                return (first.sum + second.sum, first.count + second.count)
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
        return all.map { $0.sum / Double($0.count) }
    }
}
