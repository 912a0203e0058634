extension StubStore {
    /// A stub as the store keeps it. A class, so a light decision can copy its candidates out of the lock
    /// (a reference each) and compare with them there, and a replace-all can carry a kept stub into the new set
    /// with its age and counter; everything but `served` is fixed once made, and `served` is read and written only
    /// under the store's lock.
    final class Entry: @unchecked Sendable {
        let stub: Stub
        let matcher: RequestMatcher
        let order: Int
        /// `Stub.isLight`, worked out once when the stub is added.
        let isLight: Bool
        var served = 0

        init(stub: Stub, matcher: RequestMatcher, order: Int, isLight: Bool) {
            self.stub = stub
            self.matcher = matcher
            self.order = order
            self.isLight = isLight
        }

        var priority: Int { stub.priority ?? 5 }
    }

    /// A stub checked and compiled (outside the lock), waiting for its place in the order.
    struct Prepared {
        let stub: Stub
        let matcher: RequestMatcher
        let isLight: Bool

        func entry(order: Int) -> Entry {
            Entry(stub: stub, matcher: matcher, order: order, isLight: isLight)
        }
    }
}
