// Lexer
