//! The codec of the generated services: prost's encoding and decoding, but a message that does
//! not decode is the client's fault and answered INVALID_ARGUMENT (tonic's default codec says
//! INTERNAL, which would blame the server), and a response may be bytes the server has encoded
//! already ([`Encoded`]), which are sent as they are.

use prost::bytes::BufMut;
use prost::Message;
use std::fmt;
use std::marker::PhantomData;
use tonic::codec::{Codec, DecodeBuf, Decoder, EncodeBuf, Encoder};
use tonic::Status;

/// The codec: requests decoded by prost, responses written by prost or sent as encoded.
#[derive(Debug, Clone)]
pub struct TarockCodec<T, U>(PhantomData<(T, U)>);

impl<T, U> Default for TarockCodec<T, U> {
    fn default() -> Self {
        TarockCodec(PhantomData)
    }
}

impl<T, U> Codec for TarockCodec<T, U>
where
    T: Reply + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = TarockEncoder<T>;
    type Decoder = TarockDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        TarockEncoder(PhantomData)
    }

    fn decoder(&mut self) -> Self::Decoder {
        TarockDecoder(PhantomData)
    }
}

/// A message as the codec sends it: a prost message, or [`Encoded`] bytes.
pub trait Reply {
    /// Writes the message's bytes to `buf`.
    ///
    /// # Errors
    /// A status when the message cannot be encoded (never, for the messages of this API).
    fn write(&self, buf: &mut EncodeBuf<'_>) -> Result<(), Status>;
}

impl<M: Message> Reply for M {
    fn write(&self, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        self.encode(buf)
            .map_err(|e| Status::internal(format!("cannot encode the response: {e}")))
    }
}

/// A message of type `M` already encoded: the server writes its records and views straight
/// from the engine's types into protobuf bytes, which decode as `M`.
pub struct Encoded<M> {
    // A `Vec`, not `Bytes`: the codec copies it into tonic's buffer, and a `Bytes` made from a
    // `Vec` whose length is not its capacity allocates a header of its own.
    bytes: Vec<u8>,
    message: PhantomData<fn() -> M>,
}

impl<M> Encoded<M> {
    /// The message whose encoding is `bytes`.
    #[must_use]
    pub fn new(bytes: impl Into<Vec<u8>>) -> Encoded<M> {
        Encoded {
            bytes: bytes.into(),
            message: PhantomData,
        }
    }

    /// Its bytes.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Its bytes, taken.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

impl<M: Message + Default> Encoded<M> {
    /// The message, decoded.
    ///
    /// # Errors
    /// When the bytes are not an `M` (never, for what the server writes).
    pub fn decode(&self) -> Result<M, prost::DecodeError> {
        M::decode(self.bytes.as_slice())
    }
}

impl<M> Clone for Encoded<M> {
    fn clone(&self) -> Self {
        Encoded::new(self.bytes.clone())
    }
}

impl<M> fmt::Debug for Encoded<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoded({} bytes)", self.bytes.len())
    }
}

impl<M> Reply for Encoded<M> {
    fn write(&self, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        buf.put_slice(&self.bytes);
        Ok(())
    }
}

/// Writes [`Reply`] messages.
#[derive(Debug, Clone)]
pub struct TarockEncoder<T>(PhantomData<T>);

impl<T: Reply> Encoder for TarockEncoder<T> {
    type Item = T;
    type Error = Status;

    fn encode(&mut self, item: T, buf: &mut EncodeBuf<'_>) -> Result<(), Status> {
        item.write(buf)
    }
}

/// Decodes prost messages; malformed bytes are INVALID_ARGUMENT.
#[derive(Debug, Clone)]
pub struct TarockDecoder<U>(PhantomData<U>);

impl<U: Message + Default> Decoder for TarockDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        U::decode(buf).map(Some).map_err(invalid)
    }
}

/// The status of a request that does not decode: the client's fault.
#[must_use]
pub fn invalid(e: prost::DecodeError) -> Status {
    Status::invalid_argument(format!("the request is not a valid protobuf message: {e}"))
}
