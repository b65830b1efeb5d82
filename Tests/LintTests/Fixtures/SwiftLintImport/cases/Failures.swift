assert(false)
precondition(false, "unreachable")
assertionFailure()
// assert(false) stays
