import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import SQLiveTerminal

/// The wake-up pipe: events posted from any thread reach the main loop in order, and the
/// pipe is readable exactly while some wait.
@Suite struct MainLoopWakerTests {
    private static func isReadable(_ waker: MainLoopWaker) -> Bool {
        var watched = [pollfd(fd: waker.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&watched, 1, 0) == 1
    }

    @Test func events_come_out_in_the_order_posted_and_the_pipe_empties() throws {
        let waker = try MainLoopWaker()
        #expect(!Self.isReadable(waker))
        waker.post(.resize)
        waker.post(.repaint)
        waker.post(.suspend)
        #expect(Self.isReadable(waker))
        #expect(waker.takeEvents() == [.resize, .repaint, .suspend])
        #expect(!Self.isReadable(waker))
        #expect(waker.takeEvents() == [])
    }

    @Test func posts_from_many_threads_lose_nothing_even_when_the_pipe_is_full() throws {
        let waker = try MainLoopWaker()
        // 8 threads × 20,000 posts: far more bytes than a pipe holds (64 KiB).
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<20_000 { waker.post(.repaint) }
        }
        #expect(Self.isReadable(waker))
        #expect(waker.takeEvents().count == 160_000)
        #expect(!Self.isReadable(waker))
    }
}
