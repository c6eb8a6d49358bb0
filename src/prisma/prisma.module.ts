import { Global, Module } from '@nestjs/common';
import { DatabaseAvailability } from '../db/availability';
import { PrismaService } from './prisma.service';

/** The Prisma client and what the app knows of the database's availability, for every module. */
@Global()
@Module({ providers: [DatabaseAvailability, PrismaService], exports: [DatabaseAvailability, PrismaService] })
export class PrismaModule {}
