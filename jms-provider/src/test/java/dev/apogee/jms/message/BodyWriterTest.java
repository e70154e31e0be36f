package dev.apogee.jms.message;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BodyWriterTest {
    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void aSingleWriteIntoAnEmptyBodyIsHandedOutWithoutACopy() {
        BodyWriter writer = new BodyWriter();
        writer.write(bytes("0123456789"), 2, 5);
        byte[] first = writer.bytes();
        assertArrayEquals(bytes("23456"), first);
        assertSame(first, writer.bytes(), "an exactly full array is shared, not copied again");
    }

    @Test
    void aHandedOutArrayIsNeverWrittenAgain() {
        BodyWriter writer = new BodyWriter();
        writer.write(bytes("abc"), 0, 3);
        byte[] sent = writer.bytes();
        writer.write('d');
        writer.write(bytes("efgh"), 0, 4);
        assertArrayEquals(bytes("abc"), sent);
        assertArrayEquals(bytes("abcdefgh"), writer.bytes());
    }

    @Test
    void aPartlyFilledArrayIsCopiedToItsSize() {
        BodyWriter writer = new BodyWriter();
        writer.write(bytes("abc"), 0, 3);
        writer.write('d'); // grows to 6, holds 4
        byte[] out = writer.bytes();
        assertArrayEquals(bytes("abcd"), out);
        writer.write(bytes("ef"), 0, 2); // fills the grown array past what was handed out
        assertArrayEquals(bytes("abcd"), out);
        assertArrayEquals(bytes("abcdef"), writer.copy());
        assertNotSame(writer.copy(), writer.copy());
    }

    @Test
    void aRangeOutsideTheSourceIsRefused() {
        BodyWriter writer = new BodyWriter();
        assertThrows(IndexOutOfBoundsException.class, () -> writer.write(new byte[4], 3, 2));
        assertEquals(0, writer.copy().length);
    }

    @Test
    void theBodyEncodedForASendStaysAsItWasWhileTheMessageIsReusedAfterwards() throws Exception {
        ApogeeBytesMessage message = new ApogeeBytesMessage();
        message.writeBytes(bytes("first body"));
        byte[] sent = message.wireBody();
        message.writeBytes(bytes(" and more"));
        message.clearBody();
        message.writeBytes(bytes("second!!!!"));
        assertArrayEquals(bytes("first body"), sent);
        assertArrayEquals(bytes("second!!!!"), message.wireBody());
    }

    @Test
    void theApplicationGetsACopyOfTheBody() throws Exception {
        ApogeeBytesMessage message = new ApogeeBytesMessage();
        message.writeBytes(bytes("body"));
        message.bodyBytes()[0] = 'X';
        message.reset();
        byte[] read = new byte[4];
        assertEquals(4, message.readBytes(read));
        assertArrayEquals(bytes("body"), read);
        message.bodyBytes()[0] = 'X';
        assertArrayEquals(bytes("body"), message.wireBody());
    }
}
