/// The pictures of the screens drawn most recently in this run, by their full view tree's JSON, so a screen that
/// comes back in a later scenario (the login screen every scenario starts on) is not drawn again.
///
/// The key is the whole dump, not the trace's cut tree: two screens that differ only in what the cut leaves out (a
/// switch's state, a colour, an alpha) draw differently. At most `limit` pictures are kept, the oldest dropped
/// first: about 13 KB each, so under a megabyte.
struct RecentPictures {
    let limit: Int
    private var pictures: [String: [UInt8]] = [:]
    /// The keys, oldest first.
    private var order: [String] = []

    init(limit: Int = 64) {
        self.limit = limit
    }

    subscript(tree: String) -> [UInt8]? { pictures[tree] }

    /// Keeps `png` as the picture of `tree`, dropping the oldest picture when there are `limit` already.
    mutating func keep(_ png: [UInt8], for tree: String) {
        guard pictures.updateValue(png, forKey: tree) == nil else { return }
        order.append(tree)
        if order.count > limit { pictures[order.removeFirst()] = nil }
    }
}
