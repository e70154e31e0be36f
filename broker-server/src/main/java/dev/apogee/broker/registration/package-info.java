/** Registration of this broker and its topics with the name servers; one dedicated thread. */
package dev.apogee.broker.registration;
