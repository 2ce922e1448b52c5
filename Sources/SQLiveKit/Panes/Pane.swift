import Foundation
import GRDB

/// A pinned query kept on screen: its current rows, how it got them, and its history.
///
/// Panes are values the ``PaneBoard`` updates as observation delivers; the front-end reads
/// them (through ``PaneBoard/panes``) to draw the dock.
///
///     // .pin --name scores --rows 5 SELECT name, score FROM player ORDER BY score DESC
///     pane.id             // 1
///     pane.result?.rows   // the first 5 rows
///     pane.lastCause      // .pinned, then e.g. .changes("update player(score)[3]")
public struct Pane: Sendable {
    public enum Status: Sendable, Equatable {
        /// Observed: refreshes when a commit touches its region.
        case live
        /// `.pause`: keeps its rows, not observed.
        case paused
        /// The query fails (its table dropped, a column renamed): the error shows in place of
        /// the rows until the schema or the data make it work again.
        case failed(String)
    }

    /// One refresh, for `.why`.
    public struct Refresh: Sendable, Equatable {
        public var number: Int
        public var time: Date
        public var cause: RefreshCause
        /// `3 rows`, `20+ rows`, or `error: …`.
        public var outcome: String
    }

    /// The last change shown, highlighted for a few seconds after ``time``.
    public struct Change: Sendable, Equatable {
        public var diff: PaneDiff
        public var time: Date
    }

    public let id: Int
    /// Given with `--name`, or made from the tables the query reads.
    public internal(set) var name: String
    /// The query as typed.
    public let query: String
    public let rowLimit: Int
    /// `--dedupe`: values equal to the previous one are not refreshes.
    public let dedupe: Bool

    public internal(set) var status: Status = .live
    public internal(set) var result: PaneResult?
    /// The region GRDB tracks for the query (nil until the first fetch).
    public internal(set) var region: DatabaseRegion?
    /// The keys its query names, the rowids its region may be narrowed to (``RowIDCandidates``).
    var rowIDCandidates: Set<Int64> = []
    public internal(set) var refreshCount = 0
    /// Values `--dedupe` dropped because they equalled the previous one.
    public internal(set) var suppressedCount = 0
    /// Values that arrived after a newer one and were dropped.
    public internal(set) var staleCount = 0
    public internal(set) var lastRefresh: Date?
    public internal(set) var lastCause: RefreshCause?
    public internal(set) var lastChange: Change?
    /// The latest refreshes, oldest first, at most ``historyLimit``.
    public internal(set) var history: [Refresh] = []
    /// How long its query took at its last refreshes (`.panes`, the dock).
    public internal(set) var timing = PaneTiming()
    /// What its refreshing is doing now (the dock shows a slow or waiting pane).
    public internal(set) var activity: PaneActivity = .idle

    public static let historyLimit = 20

    // MARK: - Board bookkeeping

    /// The observation whose values the pane accepts; nil while paused or failed to compile.
    var token: ObservationToken?
    /// The `.parameter` names its query binds: a new value for one refreshes it.
    var parameterNames: [String] = []
    /// Pinned before its query compiled, with no `--name`: called `query` until the schema
    /// lets it run, then after the tables it reads, as if pinned then.
    var awaitsTableName = false
    init(id: Int, name: String, query: String, rowLimit: Int, dedupe: Bool) {
        self.id = id
        self.name = name
        self.query = query
        self.rowLimit = rowLimit
        self.dedupe = dedupe
    }

    /// `pane 1 (scores)`: how messages and trace lines name a pane.
    public var label: String { "pane \(id) (\(name))" }

    public var isFailed: Bool {
        if case .failed = status { return true }
        return false
    }

    /// Records a refresh in the counters and the history.
    mutating func recordRefresh(at time: Date, cause: RefreshCause, outcome: String) {
        refreshCount += 1
        lastRefresh = time
        lastCause = cause
        history.append(Refresh(number: refreshCount, time: time, cause: cause, outcome: outcome))
        if history.count > Self.historyLimit {
            history.removeFirst(history.count - Self.historyLimit)
        }
    }
}

/// How long a pane's refreshes took, in seconds.
public struct PaneTiming: Sendable, Equatable {
    public private(set) var last: Double?
    /// The latest durations, at most 31.
    public private(set) var recent: [Double] = []

    public var median: Double? {
        guard !recent.isEmpty else { return nil }
        return recent.sorted()[recent.count / 2]
    }

    mutating func record(_ duration: Double) {
        last = duration
        recent.append(duration)
        if recent.count > 31 { recent.removeFirst() }
    }
}

/// What a pane's refreshing is doing, as the dock shows it.
public enum PaneActivity: Sendable, Equatable {
    case idle
    /// Its query runs, since that time.
    case refreshing(since: Date)
    /// A slow pane waits for its fair share of time, until then.
    case throttled(until: Date)
    /// The panes' connection waits for a lock (the user's transaction, another process).
    case waitingForLock
}
