package dev.apogee.broker.console;

/** A request the console refuses: answered with {@link #status()} and a JSON {@code {"error": message}}. */
final class ConsoleRequestException extends RuntimeException {
    private final int status;

    ConsoleRequestException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static ConsoleRequestException badRequest(String message) {
        return new ConsoleRequestException(400, message);
    }

    static ConsoleRequestException notFound(String message) {
        return new ConsoleRequestException(404, message);
    }

    int status() {
        return status;
    }
}
