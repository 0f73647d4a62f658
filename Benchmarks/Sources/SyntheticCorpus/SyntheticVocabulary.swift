/// Word lists for the synthetic corpus: enough variety that strings are not repetitive,
/// with the non-ASCII mix of the real documents they imitate (Japanese and emoji in tweets,
/// French accents in the catalogue, escapes in the long descriptions).
enum SyntheticVocabulary {
  static let words = [
    "parser", "tape", "value", "stream", "buffer", "open", "source", "project", "student",
    "mentor", "feature", "support", "improve", "language", "testing", "automated", "grading",
    "release", "network", "library", "memory", "fast", "simple", "robust", "document", "query",
    "index", "server", "client", "protocol", "design", "implement", "extend", "the", "a", "of",
    "and", "to", "in", "for", "with", "on", "by", "is", "we", "our", "new", "data", "model",
    "graph", "search", "cloud", "mobile", "web", "interface", "tool", "build", "cache", "plugin",
  ]
  static let japanese = [
    "名前", "第一印象", "なんか怖っ", "今の印象", "とりあえず", "好きなところ", "思い出",
    "ありがとう", "最高の夏", "フォローお願いします", "今日は楽しかった", "友達", "元野球部",
    "マネージャー", "噛み合わない", "一言", "お前は一生もんのダチ", "照れますがな",
  ]
  static let emoji = ["😋", "✨", "😊", "❤️", "✋", "😘", "💖", "🎉", "🙏", "👍", "🔥", "🌸"]
  static let french = [
    "Arrière-scène central", "1er balcon central", "2ème balcon bergerie cour", "Orchestre",
    "Zone physique secrète", "Abonné", "Musique de chambre", "Récital", "Chœur et orchestre",
    "Opéra en version de concert", "Théâtre", "Été musical", "Fête de la musique", "Jeune public",
  ]
  static let firstNames = [
    "Ada", "Alan", "Grace", "Linus", "Yukihiro", "Guido", "Barbara", "Ken", "Margaret", "Dennis",
    "Frances", "John", "Hedy", "Edsger", "Sophie", "Anders", "Chris", "Bjarne", "Radia", "Tim",
  ]
  static let lastNames = [
    "Lovelace", "Turing", "Hopper", "Torvalds", "Matsumoto", "van Rossum", "Liskov", "Thompson",
    "Hamilton", "Ritchie", "Allen", "McCarthy", "Lamarr", "Dijkstra", "Wilson", "Hejlsberg",
    "Lattner", "Stroustrup", "Perlman", "Berners-Lee",
  ]
  static let organizations = [
    "Submitty", "OpenAstronomy", "Apertium", "Wikimedia Foundation", "The Tor Project",
    "Haskell.org", "JdeRobot", "LibreOffice", "PostgreSQL", "Swift.org", "Software Heritage",
  ]
  static let alphanumeric = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
  static let hexDigits = Array("0123456789ABCDEF")
}
