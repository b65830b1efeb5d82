assert(false)
// Never ✓: ‘assert(false)’, nor ‘assert(false’
