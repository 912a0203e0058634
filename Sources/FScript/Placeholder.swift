// FScript
