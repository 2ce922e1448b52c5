import Foundation

/// Where and when frames run: on the lanes' threads or in a script's waiting thread, the
/// preemption of long fast frames, and throttling.
extension RefreshScheduler {
    /// A script prints the panes only once they settled after each statement, and waits
    /// for that anyway: its fast frames are best run by the thread that waits, in
    /// ``waitUntilSettled(timeout:acceptingBlocked:stop:)``, with no hand-off to a lane's
    /// thread and back for each commit (two thread wake-ups, which a loaded machine makes
    /// slow). A frame that runs past the preemption delay there is interrupted and its pane
    /// moves to the slow lane, which keeps its own thread. The dock and `--follow` need
    /// frames that run by themselves: off (the default).
    func runFramesInWaiter(_ inWaiter: Bool) {
        let due = state.withLock { state -> [LaneKind] in
            state.runsFramesInWaiter = inWaiter
            return inWaiter ? [] : Self.takeRunsLeftForWaiter(&state) { _ in true }
        }
        for kind in due { lanes[kind.rawValue].queue.async { self.runFrames(on: kind) } }
    }

    /// Makes the runs left for the waiting thread, here: each on its lane's queue, which
    /// runs it on this thread when nothing else is queued there. A lane waiting for a lock
    /// the user's own transaction holds is left alone while `acceptingBlocked`: its run
    /// would only wait for the reader's busy timeout.
    func runDueFrames(acceptingBlocked: Bool) {
        let due = state.withLock { state in
            Self.takeRunsLeftForWaiter(&state) { lane in !(acceptingBlocked && lane.isBlocked) }
        }
        for kind in due { lanes[kind.rawValue].queue.sync { runFrames(on: kind) } }
    }

    /// The lanes whose run was left for a waiting thread, among those `taking` accepts: no
    /// longer left (whoever took them makes the run).
    private static func takeRunsLeftForWaiter(_ state: inout State, taking: (LaneState) -> Bool) -> [LaneKind] {
        let due = LaneKind.allCases.filter { state.lane($0).isDueForWaiter && taking(state.lane($0)) }
        for kind in due { state.lanes[kind.rawValue].isDueForWaiter = false }
        return due
    }

    /// A fast frame still running after a while, while other panes wait (or it has more than
    /// one), is interrupted: the pane it is reading moves to the slow lane.
    ///
    /// One timer watches every frame: armed when a fast frame starts and none is pending, it
    /// looks at the frame running when it fires and sets itself again for that frame's
    /// deadline, and stops when no frame runs. A thousand short frames a second so cost a
    /// few timers a second, not a thousand.
    func watchForPreemption(after delay: Double) {
        clock.run(after: delay, on: .global()) { [self] in
            enum Decision { case preempt, watchAgain(after: Double), stop }
            let decision = state.withLock { state -> Decision in
                let lane = state.lane(.fast)
                guard !lane.reading.isEmpty, let since = lane.readingSince else {
                    state.preemptionWatchArmed = false
                    return .stop
                }
                let ran = clock.now.timeIntervalSince(since)
                guard ran >= Self.preemptionDelay else { return .watchAgain(after: Self.preemptionDelay - ran) }
                // Between two panes' fetches, or before the first: looked at again shortly.
                guard let current = lane.current else { return .watchAgain(after: 0.05) }
                // A frame run by a script's waiting thread holds the script itself: it moves
                // to the slow lane's thread, where the script's wait can give up on it.
                let othersWait = lane.reading.count > 1 || state.dirty.keys.contains { !state.slow.contains($0) }
                    || state.runsFramesInWaiter
                guard othersWait else { return .watchAgain(after: 0.05) }
                state.slow.insert(current)
                state.everSlow.insert(current)
                state.lanes[LaneKind.fast.rawValue].wasPreempted = true
                state.preemptionWatchArmed = false
                return .preempt
            }
            switch decision {
            case .preempt: lanes[LaneKind.fast.rawValue].interrupt()
            case .watchAgain(let delay): watchForPreemption(after: delay)
            case .stop: break
            }
        }
    }

    static func throttledUntil(_ token: ObservationToken, _ state: State) -> Date? {
        guard state.throttles, let last = state.timings[token]?.last, last >= throttleThreshold,
              let start = state.lastStart[token] else { return nil }
        return start.addingTimeInterval(last * throttleFactor)
    }
}
