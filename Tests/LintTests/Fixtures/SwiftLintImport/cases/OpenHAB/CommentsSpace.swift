//compact
    //indented
let x = 1 //trailing
// spaced
