// TODO: refactor the parser
// TODO refactor the parser
// NOTE: needs a Refactor
