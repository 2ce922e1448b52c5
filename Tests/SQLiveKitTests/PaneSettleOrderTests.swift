import Testing
@testable import SQLiveKit

/// A script prints its panes once no work is due. Work is due while the scheduler has some
/// or the inbox holds something; a lane posts its frame, then goes idle. Looked at inbox
/// first, a frame posted between the two looks was missed: `.layout inline` printed a pane
/// restarted by `DROP TABLE` as "(no result yet)" (the differential tester, seed 3, beside
/// CPU hogs; once in CI).
@Suite struct PaneSettleOrderTests {
    /// The lane finishes right after the first look, whichever it is: its frame is then in
    /// the inbox and the scheduler idle.
    final class Lane {
        var looks = 0
        var framePosted = false
        var busy = true

        func look<T>(_ answer: () -> T) -> T {
            let value = answer()
            looks += 1
            if looks == 1 {
                framePosted = true
                busy = false
            }
            return value
        }
    }

    @Test func a_frame_posted_between_the_two_looks_is_due() {
        let lane = Lane()
        let due = PaneBoard.workIsDue(schedulerHasWork: { lane.look { lane.busy } },
                                      inboxIsEmpty: { lane.look { !lane.framePosted } },
                                      userIsInTransaction: { false })
        #expect(lane.looks == 2)
        #expect(due)
    }

    @Test func nothing_is_due_once_the_lane_is_idle_and_its_frame_taken() {
        let due = PaneBoard.workIsDue(schedulerHasWork: { false }, inboxIsEmpty: { true }, userIsInTransaction: { false })
        #expect(!due)
    }

    /// Refreshes the user's own transaction holds back are not due; what is in the inbox is.
    @Test func inside_a_transaction_only_the_inbox_is_due() {
        #expect(!PaneBoard.workIsDue(schedulerHasWork: { true }, inboxIsEmpty: { true }, userIsInTransaction: { true }))
        #expect(PaneBoard.workIsDue(schedulerHasWork: { true }, inboxIsEmpty: { false }, userIsInTransaction: { true }))
    }
}
