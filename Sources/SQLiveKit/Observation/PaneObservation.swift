import GRDB

/// Builds and starts the GRDB `ValueObservation` of one pane.
///
/// The observation uses `ValueObservation.tracking`, so the region GRDB watches is the one the
/// query actually read at its latest fetch. Each fetch is tagged with its sequence number and
/// cause (from the ``PaneInbox`` and the ``ChangeRecorder``); values, failures and the regions
/// GRDB starts tracking all go to the inbox.
///
///     let cancellable = PaneObservation(token: token, paneID: 1, label: "pane 1 (scores)",
///                                       query: query, rowLimit: 20, dedupe: false,
///                                       inbox: inbox, recorder: recorder)
///         .start(in: connection.queue)
///     // the first value is in the inbox already
struct PaneObservation {
    let token: ObservationToken
    let paneID: Int
    let label: String
    let query: PaneQuery
    let rowLimit: Int
    let dedupe: Bool
    let inbox: PaneInbox
    let recorder: ChangeRecorder

    func start(in queue: DatabaseQueue) -> AnyDatabaseCancellable {
        let (token, paneID, label, inbox, recorder) = (token, paneID, label, inbox, recorder)
        let observation = ValueObservation
            .tracking(makeFetch())
            .handleEvents(willTrackRegion: { region in
                recorder.watch(token, paneID: paneID, label: label, region: region)
                inbox.post(.tracking(token, region))
            })
        guard dedupe else {
            return start(observation, in: queue)
        }
        // `removeDuplicates(by:)` calls the predicate on GRDB's reduce queue, once per value
        // after the first: a value found equal is never delivered, so it is counted here.
        return start(observation.removeDuplicates { previous, next in
            guard previous.result == next.result else { return false }
            inbox.suppress(next.token)
            return true
        }, in: queue)
    }

    /// The fetch GRDB runs on its writer queue: at the start, then after each commit that
    /// touched the region.
    private func makeFetch() -> @Sendable (Database) throws -> PaneFetch {
        let (token, query, rowLimit, inbox, recorder) = (token, query, rowLimit, inbox, recorder)
        return { db in
            let begun = inbox.beginFetch(token)
            let cause = begun.startCause ?? recorder.cause(for: token)
            do {
                let result = try query.fetch(db, limit: rowLimit)
                return PaneFetch(token: token, sequence: begun.sequence, cause: cause, result: result,
                                 isInitial: begun.startCause != nil)
            } catch {
                throw PaneFetchFailure(token: token, sequence: begun.sequence, cause: cause,
                                       message: Self.message(of: error))
            }
        }
    }

    private func start<Reducer: ValueReducer>(
        _ observation: ValueObservation<Reducer>,
        in queue: DatabaseQueue
    ) -> AnyDatabaseCancellable where Reducer.Value == PaneFetch {
        let (token, inbox) = (token, inbox)
        return observation.start(
            in: queue,
            scheduling: PaneScheduler(),
            onError: { error in
                if let failure = error as? PaneFetchFailure {
                    inbox.fail(failure)
                } else {
                    // GRDB failed after the fetch (reading the schema to track the region).
                    inbox.fail(PaneFetchFailure(token: token, sequence: inbox.latestSequence(of: token),
                                                cause: .commit, message: Self.message(of: error)))
                }
            },
            onChange: { fetch in inbox.deliver(fetch) })
    }

    static func message(of error: any Error) -> String {
        switch error {
        case let error as DatabaseError: error.message ?? error.description
        case let diagnostic as Diagnostic: diagnostic.message
        default: "\(error)"
        }
    }
}
