// Lint engine
