package dev.apogee.standalone.admin;

/** A command line apogee-admin cannot run: printed as one line, exit code 2. */
final class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
