import Testing

@testable import FScript

/// The trace's pictures kept across scenarios: a screen seen before gives its picture back, and the oldest is the
/// one dropped when there are too many.
@Suite struct RecentPicturesTests {
    @Test func aScreenSeenBeforeGivesItsPictureBack() {
        var recent = RecentPictures(limit: 2)
        recent.keep([1], for: "login")
        recent.keep([2], for: "home")
        #expect(recent["login"] == [1])
        #expect(recent["home"] == [2])
        #expect(recent["settings"] == nil)
    }

    @Test func theOldestPictureGoesFirst() {
        var recent = RecentPictures(limit: 2)
        recent.keep([1], for: "login")
        recent.keep([2], for: "home")
        recent.keep([9], for: "login")  // kept already: neither replaced nor made younger
        recent.keep([3], for: "settings")
        #expect(recent["login"] == nil)
        #expect(recent["home"] == [2])
        #expect(recent["settings"] == [3])
    }
}
