/// The name a person most likely meant when they mistyped one: the shell's and its options' suggestions.
package enum KindSuggestion {
    /// The name among `names` nearest to `typed` by edit distance, ignoring case, when it is close enough to
    /// be a typing slip (at most a third of the typed length, and at least one edit allowed); `nil` otherwise.
    package static func nearest(to typed: String, among names: [String]) -> String? {
        let typed = Array(typed.lowercased())
        let allowed = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for name in names {
            let distance = editDistance(typed, Array(name.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance: the fewest insertions, deletions and substitutions from `a` to `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
