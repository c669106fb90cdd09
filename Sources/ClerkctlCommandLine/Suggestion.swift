/// "Did you mean" suggestions by edit distance.
package enum Suggestion {
  /// The candidate closest to `word`, if it is close enough to be a likely typo.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let target = Array(word.lowercased())
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let bare = word.drop { $0 == "-" }.count
    let limit = max(1, min(3, bare / 3))
    return best.distance <= limit ? best.candidate : nil
  }

  /// The name in `names` (other than `name`) nearest to it: a swap of two neighbouring
  /// letters counts as one edit, and at most 1 edit (2 for names of six letters or more).
  package static func nearest(to name: String, in names: [String]) -> String? {
    let target = Array(name.lowercased())
    let scored = names.filter { $0 != name }.map { candidate -> (String, Int) in
      let other = Array(candidate.lowercased())
      var distance = editDistance(target, other)
      if distance == 2, target.count == other.count, target.sorted() == other.sorted() {
        let differing = zip(target, other).filter { $0 != $1 }.count
        if differing == 2 { distance = 1 }
      }
      return (candidate, distance)
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, min(2, name.count / 3)) ? best.0 : nil
  }

  /// Levenshtein distance between two character arrays.
  package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
