let title = NSLocalizedString("title", comment: "")
// NSLocalizedString("commented", comment: "")
let literal = "NSLocalizedString(x)"
let wrapped = MyNSLocalizedString("key")
let spaced = NSLocalizedString ("key")
